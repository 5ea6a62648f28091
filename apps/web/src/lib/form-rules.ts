import { splitMessageKey } from '@quire/shared';
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { translateKey } from './i18n.ts';

/**
 * Turns a shared validation message (`validation.max|64`) into words in the current language; zod's own
 * English text (no `validation.` key) is shown as is.
 */
export function translateMessage(t: TFunction, message: string): string {
  const { key, args } = splitMessageKey(message);
  if (!key.startsWith('validation.')) return message;
  const values: Record<string, string> = {};
  args.forEach((arg, index) => {
    values[String(index)] = arg;
  });
  return translateKey(t, key, values);
}

/**
 * An antd form rule that runs the same zod schema the server applies, so the client and the server refuse
 * the same input with the same words. An untouched field is checked as an empty string.
 */
export function zodRule(schema: z.ZodType, t: TFunction): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success)
        throw new Error(translateMessage(t, result.error.issues[0]?.message ?? 'validation.invalid'));
    },
  };
}

/** A rule that the field repeats another one ("Password not same"). */
export function sameAsRule(otherField: string, t: TFunction): FormRule {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== form.getFieldValue(otherField))
        throw new Error(t('validation.password_not_same'));
    },
  });
}

/**
 * Re-validates the fields that show an error when the language changes, so their messages follow it, and
 * clears a server error shown inline (it was worded in the previous language).
 */
export function useRevalidateOnLanguageChange(form: FormInstance, clearServerError?: () => void): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    const handleLanguageChanged = () => {
      clearServerError?.();
      const failing = form
        .getFieldsError()
        .filter((field) => field.errors.length > 0)
        .map((field) => field.name);
      if (failing.length > 0) void form.validateFields(failing).catch(() => undefined);
    };
    i18n.on('languageChanged', handleLanguageChanged);
    return () => i18n.off('languageChanged', handleLanguageChanged);
  }, [i18n, form, clearServerError]);
}
