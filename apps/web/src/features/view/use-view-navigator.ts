import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getProjectSpace } from '../projects/projects.api.ts';
import { getModuleOfDoc } from './view.api.ts';
import { releaseTreeQuery, viewProjectsQuery, viewTreeQuery } from './view-prefetch.ts';
import {
  type Dimension,
  readDimension,
  readExpanded,
  readRelease,
  readSelection,
  readTreeTrigger,
  writeDimension,
  writeExpanded,
  writeRelease,
  writeSelection,
  writeTreeTrigger,
} from './view-prefs.ts';
import { ancestorIds, findItem, parentIds, readTree } from './view-tree.ts';

/**
 * The sidebar's state: dimension, chosen space/project, the tree and what is expanded, all remembered on this
 * browser. Opening `/view/{docId}` of a doc outside the current tree switches to its project (and space), the
 * way a shared link should land.
 */
export function useViewNavigator(docId: string | undefined) {
  const [dimension, setDimensionState] = useState<Dimension>(readDimension);
  const [selection, setSelection] = useState(readSelection);
  const [expanded, setExpanded] = useState<Set<string>>(readExpanded);
  const [expandAll, setExpandAllState] = useState(readTreeTrigger);
  const projects = useQuery(viewProjectsQuery);

  // The stored choice if it is still readable, else the first space / project.
  const spaces = projects.data ?? [];
  const space =
    spaces.find((s) => s.id === selection.spaceId) ??
    spaces.find((s) => s.projects.some((p) => p.id === selection.projectId)) ??
    spaces[0];
  const project = space?.projects.find((p) => p.id === selection.projectId) ?? space?.projects[0];
  // Until the project list arrives, the stored choice is used as it is, so the tree loads in parallel with it.
  const early = projects.isPending;
  const spaceId = space?.id ?? (early ? (selection.spaceId ?? undefined) : undefined);
  const projectId = project?.id ?? (early ? (selection.projectId ?? undefined) : undefined);

  // A release of the project opened in the reader ("" the docs as they are now): the tree, search and doc
  // pages then read its frozen docs. Project dimension only; another project closes it. Remembered on this
  // browser like the project, so a reload stays in the release.
  const [release, setRelease] = useState(readRelease);
  const releaseId = dimension === 2 && release && release.projectId === projectId ? release.id : '';
  const setReleaseId = useCallback(
    (id: string) => {
      const next = id && projectId ? { projectId, id } : null;
      setRelease(next);
      writeRelease(next);
    },
    [projectId],
  );

  const tree = useQuery(
    releaseId ? releaseTreeQuery(releaseId) : viewTreeQuery(dimension, spaceId, projectId),
  );
  // A remembered release deleted since (or no longer readable): back to the docs as they are now.
  const releaseGone = releaseId !== '' && tree.isError;
  useEffect(() => {
    if (releaseGone) setReleaseId('');
  }, [releaseGone, setReleaseId]);
  const roots = useMemo(() => readTree(tree.data ?? []), [tree.data]);

  const choose = useCallback((nextSpaceId: string | null, nextProjectId: string | null) => {
    setSelection({ spaceId: nextSpaceId, projectId: nextProjectId });
    writeSelection(nextSpaceId, nextProjectId);
  }, []);

  const setDimension = useCallback((value: Dimension) => {
    setDimensionState(value);
    writeDimension(value);
  }, []);

  const updateExpanded = useCallback((next: Set<string>) => {
    setExpanded(next);
    writeExpanded(next);
  }, []);

  const toggle = useCallback((id: string, open: boolean) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      writeExpanded(next);
      return next;
    });
  }, []);

  const setExpandAll = useCallback(
    (value: boolean) => {
      setExpandAllState(value);
      writeTreeTrigger(value);
      updateExpanded(value ? new Set(parentIds(roots)) : new Set());
    },
    [roots, updateExpanded],
  );

  // "Expand all" stays true for trees loaded later (another project, a reload after docs were added).
  useEffect(() => {
    if (expandAll && roots.length) {
      setExpanded((current) => {
        const ids = parentIds(roots);
        if (ids.every((id) => current.has(id))) return current;
        const next = new Set([...current, ...ids]);
        writeExpanded(next);
        return next;
      });
    }
  }, [expandAll, roots]);

  // Reveal the open doc: expand its folders.
  const current = docId ? findItem(roots, docId) : undefined;
  useEffect(() => {
    if (!current) return;
    const ids = ancestorIds(current);
    setExpanded((set) => {
      if (ids.every((id) => set.has(id))) return set;
      const next = new Set([...set, ...ids]);
      writeExpanded(next);
      return next;
    });
  }, [current]);

  // A doc outside the tree: find its project once, then switch to it.
  const located = useRef<string | null>(null);
  useEffect(() => {
    // In a release, a doc outside it is told by the doc page; the reader stays in the release.
    if (!docId || !tree.isSuccess || current || releaseId || located.current === docId) return;
    located.current = docId;
    void (async () => {
      try {
        const module = await getModuleOfDoc(docId, { silent: true });
        const where = await getProjectSpace(module.projectId, { silent: true });
        choose(where.spaceId, where.projectId);
      } catch {
        // The doc page says why it cannot show the doc; the tree stays where it was.
      }
    })();
  }, [docId, tree.isSuccess, current, choose, releaseId]);

  return {
    dimension,
    setDimension,
    projects,
    spaceId,
    projectId,
    projectName: project?.name,
    choose,
    releaseId,
    setReleaseId,
    tree,
    roots,
    expanded,
    toggle,
    expandAll,
    setExpandAll,
  };
}

export type ViewNavigator = ReturnType<typeof useViewNavigator>;
