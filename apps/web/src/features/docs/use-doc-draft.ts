import type { ParamTable } from '@quire/api-model';
import { DocSaveRequest, DocStaleData } from '@quire/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-error.ts';
import { toastError, toastSuccess } from '../../lib/feedback.ts';
import { translateMessage } from '../../lib/form-rules.ts';
import type { RowsUpdater } from './components/param-grid.tsx';
import type { ParamImport } from './components/param-import-modal.tsx';
import { editPath } from './doc-tree.ts';
import { getDocDetail, saveDoc } from './docs.api.ts';
import { docKeys } from './docs.queries.ts';
import { type EditorDoc, editorDocFrom, pathVariables, saveRequestOf } from './editor-state.ts';
import { countRows, newParamRow } from './param-edit.ts';
import { useLeaveGuard } from './use-leave-guard.ts';

/** What the editor's screens need of the draft: the doc, how to change it, and how to save it. */
export interface DocDraft {
  doc: EditorDoc;
  /** The revision the edit started from (undefined for a new doc). */
  revision: number | undefined;
  isDirty: boolean;
  isSaving: boolean;
  /** Who saved first when a save came too late, until the person chooses what to do. */
  stale: DocStaleData | null;
  /** Bumped when the whole doc was replaced (reload, type change): editors keyed by it start afresh. */
  editorKey: number;
  patch: (fields: Partial<EditorDoc>) => void;
  /** One stable updater per param table, so unchanged rows skip re-rendering. */
  updaters: Readonly<Record<ParamTable, RowsUpdater>>;
  setRemark: (remark: string) => void;
  /** A new URL, with a row added for each new `{variable}` in its path. */
  changeUrl: (url: string) => void;
  /** Rows from the param import dialog, appended or replacing the table's. */
  importRows: (table: ParamTable, result: ParamImport) => void;
  /** Remounts the body editors after the type changed. */
  bumpEditorKey: () => void;
  save: () => Promise<void>;
  /** Loads the saved doc again, dropping the draft (after a stale save or a restore). */
  reload: () => Promise<void>;
  dismissStale: () => void;
}

/**
 * The draft of the doc editor: the document being edited, whether it has unsaved changes (and the leave guard
 * that protects them), and the save with its stale-revision handling. The editor component only lays it out.
 */
export function useDocDraft({
  moduleId,
  initial,
  initialRevision,
  isCopy,
}: {
  moduleId: string;
  initial: EditorDoc;
  initialRevision: number | undefined;
  isCopy: boolean;
}): DocDraft {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [doc, setDoc] = useState<EditorDoc>(initial);
  const [revision, setRevision] = useState(initialRevision);
  const [isDirty, setIsDirty] = useState(isCopy);
  // The leave guard reads the latest value synchronously, before React has re-rendered.
  const dirtyRef = useRef(isCopy);
  const [isSaving, setIsSaving] = useState(false);
  const [stale, setStale] = useState<DocStaleData | null>(null);
  const [editorKey, setEditorKey] = useState(0);

  const markDirty = useCallback(() => {
    dirtyRef.current = true;
    setIsDirty(true);
  }, []);
  const markClean = () => {
    dirtyRef.current = false;
    setIsDirty(false);
  };

  const patch = useCallback(
    (fields: Partial<EditorDoc>) => {
      setDoc((current) => ({ ...current, ...fields }));
      markDirty();
    },
    [markDirty],
  );

  const updaters = useMemo(() => {
    const make =
      (table: ParamTable): RowsUpdater =>
      (update) => {
        setDoc((current) => ({ ...current, [table]: update(current[table]) }));
        markDirty();
      };
    return {
      pathParams: make('pathParams'),
      headerParams: make('headerParams'),
      queryParams: make('queryParams'),
      requestParams: make('requestParams'),
      responseParams: make('responseParams'),
    };
  }, [markDirty]);

  useLeaveGuard(isDirty, dirtyRef);

  const reload = async () => {
    if (!doc.id) return;
    const fresh = await getDocDetail(doc.id);
    queryClient.setQueryData(docKeys.detail(doc.id), fresh);
    setDoc(editorDocFrom(fresh));
    setRevision(fresh.revision);
    setEditorKey((key) => key + 1);
    markClean();
  };

  const save = async () => {
    const body = saveRequestOf(doc, moduleId, revision);
    const checked = DocSaveRequest.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
      toastError(`${translateMessage(t, issue?.message ?? 'validation.invalid')}${where}`);
      return;
    }
    setIsSaving(true);
    try {
      const result = await saveDoc(body);
      markClean();
      setRevision(result.revision);
      setDoc((current) => ({ ...current, id: result.id, remark: '' }));
      toastSuccess(t('doc.saved'));
      void queryClient.invalidateQueries({ queryKey: docKeys.tree(moduleId) });
      void queryClient.invalidateQueries({ queryKey: docKeys.revisions(result.id) });
      if (!doc.id) navigate(editPath(moduleId, { id: result.id, type: doc.type }), { replace: true });
    } catch (error) {
      if (isApiError(error, 'doc.stale')) {
        const data = DocStaleData.safeParse(error.data);
        setStale(
          data.success
            ? data.data
            : { updatedBy: '', updatedAt: new Date().toISOString(), revision: 0, changes: [] },
        );
      } else if (isApiError(error)) toastError(error.message);
    } finally {
      setIsSaving(false);
    }
  };

  const changeUrl = (url: string) => {
    setDoc((current) => {
      const names = pathVariables(url);
      const known = new Set(current.pathParams.map((row) => row.name));
      const added = names.filter((name) => !known.has(name)).map((name) => newParamRow({ name }));
      return {
        ...current,
        url,
        pathParams: added.length ? [...current.pathParams, ...added] : current.pathParams,
      };
    });
    markDirty();
  };

  const importRows = (table: ParamTable, result: ParamImport) => {
    setDoc((current) => {
      const next: EditorDoc = {
        ...current,
        [table]: result.replace ? result.params : [...current[table], ...result.params],
      };
      // A root array sample says what the body is; appended rows leave the body's shape as it was.
      const setsShape = result.replace || result.isArray;
      if (table === 'requestParams' && setsShape) {
        next.isRequestArray = result.isArray;
        next.requestArrayType = result.arrayType;
      }
      if (table === 'responseParams' && setsShape) {
        next.isResponseArray = result.isArray;
        next.responseArrayType = result.arrayType;
      }
      return next;
    });
    markDirty();
    toastSuccess(t('doc.imported', { 0: countRows(result.params) }));
  };

  return {
    doc,
    revision,
    isDirty,
    isSaving,
    stale,
    editorKey,
    patch,
    updaters,
    // The remark describes the next save; typing it is not an unsaved change of the doc.
    setRemark: (remark) => setDoc((current) => ({ ...current, remark })),
    changeUrl,
    importRows,
    bumpEditorKey: () => setEditorKey((key) => key + 1),
    save,
    reload,
    dismissStale: () => setStale(null),
  };
}
