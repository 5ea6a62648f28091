import { UploadOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormField } from '../debug-request.ts';

/** The value cell of a form or multipart body row: a text input, or a file picker for a file field. */
export function FieldValue({
  row,
  index,
  set,
  onFiles,
}: {
  row: FormField;
  index: number;
  set(patch: Partial<FormField>): void;
  /** The files chosen for this row (the request sends them; the form keeps their names). */
  onFiles(files: File[]): void;
}) {
  const { t } = useTranslation();
  return row.file ? (
    <label style={{ flex: 1, display: 'inline-flex', alignItems: 'center', gap: 8, padding: '0 8px' }}>
      <UploadOutlined />
      <input
        type="file"
        multiple
        aria-label={`${t('debug.chooseFile')} ${row.name}`}
        onChange={(e) => {
          const chosen = Array.from(e.target.files ?? []);
          onFiles(chosen);
          set({ value: chosen.map((f) => f.name).join(',') });
        }}
      />
    </label>
  ) : (
    <Input
      value={row.value}
      aria-label={`${t('debug.value')} ${row.name || index + 1}`}
      onChange={(e) => set({ value: e.target.value })}
    />
  );
}
