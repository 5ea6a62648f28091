import { SearchOutlined } from '@ant-design/icons';
import { MethodTag } from '@quire/reader';
import { NOT_DEPRECATED } from '@quire/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Empty, Input, type InputRef, Modal, Spin } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { searchDocs, searchReleaseDocs } from '../view.api.ts';
import { viewKeys } from '../view.queries.ts';
import styles from './search-dialog.module.css';

/**
 * Ctrl/Cmd+K: searches every doc the user may read on the server (an index, ranked), or the frozen docs of
 * the release open in the reader, arrows choose, Enter
 * opens, Esc closes. The query waits 150 ms after the last keystroke; the previous results stay on screen
 * meanwhile, so the list does not flicker.
 */
export function SearchDialog({
  open,
  releaseId = '',
  onClose,
  onOpen,
}: {
  open: boolean;
  /** A release open in the reader: search its frozen docs instead. */
  releaseId?: string;
  onClose(): void;
  onOpen(hit: { id: string; name: string }): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<InputRef>(null);
  const list = useRef<HTMLDivElement>(null);
  const q = useDebouncedValue(text.trim(), 150);
  const results = useQuery({
    queryKey: releaseId ? viewKeys.releaseSearch(releaseId, q) : viewKeys.search(q),
    queryFn: ({ signal }) =>
      releaseId
        ? searchReleaseDocs(releaseId, q, { signal, silent: true })
        : searchDocs(q, { signal, silent: true }),
    enabled: open && q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const hits = q ? (results.data ?? []) : [];

  // A new answer starts the selection at its best match.
  const answered = results.data;
  useEffect(() => {
    if (answered) setActive(0);
  }, [answered]);

  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const choose = (index: number) => {
    const hit = hits[index];
    if (!hit) return;
    onOpen(hit);
    onClose();
  };

  const handleKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(hits.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(active);
    }
  };

  let body: ReactNode = null;
  if (!q) body = <div className={styles.hint}>{t('reader.searchStart')}</div>;
  else if (results.isError) body = <Alert type="error" showIcon title={t('common.loadFailed')} />;
  else if (results.isPending) body = <Spin style={{ display: 'block', margin: 24 }} />;
  else if (hits.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reader.searchEmpty', { 0: q })} />;

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('reader.searchTitle')}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) input.current?.focus();
        else setText('');
      }}
      width={640}
    >
      <Input
        ref={input}
        size="large"
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('reader.searchPlaceholder')}
        aria-label={t('reader.searchTitle')}
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={handleKey}
        role="combobox"
        aria-expanded={hits.length > 0}
        aria-controls="view-search-results"
        aria-activedescendant={hits[active] ? `view-search-${hits[active].id}` : undefined}
        autoFocus
      />
      {body}
      {hits.length > 0 ? (
        <div
          ref={list}
          id="view-search-results"
          role="listbox"
          className={styles.list}
          aria-label={t('reader.searchTitle')}
        >
          {hits.map((hit, index) => (
            // Keys are handled by the input (combobox pattern); the options take clicks.
            // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard is handled by the search input
            <div
              key={hit.id}
              tabIndex={-1}
              id={`view-search-${hit.id}`}
              role="option"
              aria-selected={index === active}
              data-index={index}
              className={styles.item}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(index)}
            >
              <span className={styles.line}>
                {hit.docType === 0 ? <MethodTag method={hit.httpMethod} small /> : null}
                <span
                  className={`${styles.name} ${hit.deprecated !== NOT_DEPRECATED ? styles.deprecated : ''}`}
                >
                  {hit.name}
                </span>
              </span>
              <span className={styles.meta}>
                {[hit.url, `${hit.projectName} / ${hit.moduleName}`].filter(Boolean).join(' · ')}
              </span>
            </div>
          ))}
        </div>
      ) : null}
      {hits.length > 0 ? <div className={styles.hint}>{t('reader.searchHint')}</div> : null}
    </Modal>
  );
}
