import { HTTP_METHODS, type ModuleSetting, type ModuleSettingUpdateRequest } from '@quire/shared';
import { z } from 'zod';

/**
 * How module settings are stored: one JSON object per module. The push settings keep Torna's keys so they
 * read the same as Torna's `module_config` rows; the common header/request/response lists are filled by the
 * documents issue.
 */
const Stored = z.object({
  'torna.push.print-content': z.boolean().catch(false).default(false),
  'torna.push.override': z.boolean().catch(false).default(false),
  'quire.push.require-sign': z.boolean().catch(false).default(false),
  allowDebug: z.boolean().catch(true).default(true),
  swaggerSetting: z
    .object({ allowMethods: z.array(z.enum(HTTP_METHODS)).min(1) })
    .catch({ allowMethods: ['POST'] })
    .default({ allowMethods: ['POST'] }),
  commonHeader: z.array(z.unknown()).catch([]).default([]),
  commonRequest: z.array(z.unknown()).catch([]).default([]),
  commonResponse: z.array(z.unknown()).catch([]).default([]),
});
type Stored = z.infer<typeof Stored>;

/** Parses stored settings; anything unreadable falls back to the defaults rather than failing the page. */
function parseStored(text: string): Stored {
  let raw: unknown = {};
  try {
    raw = JSON.parse(text);
  } catch {
    raw = {};
  }
  const parsed = Stored.safeParse(raw && typeof raw === 'object' ? raw : {});
  return parsed.success ? parsed.data : Stored.parse({});
}

/** The settings of a new module. */
export function defaultModuleSettings(): string {
  return JSON.stringify(Stored.parse({}));
}

/** The settings as the API answers them. */
export function readModuleSettings(moduleId: string, text: string): ModuleSetting {
  const stored = parseStored(text);
  return {
    moduleId,
    printPushContent: stored['torna.push.print-content'],
    pushOverride: stored['torna.push.override'],
    requireSignature: stored['quire.push.require-sign'],
    allowDebug: stored.allowDebug,
    swaggerSetting: stored.swaggerSetting,
    commonHeader: stored.commonHeader,
    commonRequest: stored.commonRequest,
    commonResponse: stored.commonResponse,
  };
}

/** What the open API reads of the settings. */
export interface PushSettings {
  printContent: boolean;
  override: boolean;
  requireSign: boolean;
}

/** Reads the push settings of stored settings text; the open API does it once per call. */
export function pushSettingsOf(text: string): PushSettings {
  const stored = parseStored(text);
  return {
    printContent: stored['torna.push.print-content'],
    override: stored['torna.push.override'],
    requireSign: stored['quire.push.require-sign'],
  };
}

/** Applies the fields of an update to stored settings and answers the new JSON text. */
export function mergeModuleSettings(
  text: string,
  update: z.output<typeof ModuleSettingUpdateRequest>,
): string {
  const stored = parseStored(text);
  if (update.printPushContent !== undefined) stored['torna.push.print-content'] = update.printPushContent;
  if (update.pushOverride !== undefined) stored['torna.push.override'] = update.pushOverride;
  if (update.requireSignature !== undefined) stored['quire.push.require-sign'] = update.requireSignature;
  if (update.allowDebug !== undefined) stored.allowDebug = update.allowDebug;
  if (update.swaggerSetting)
    stored.swaggerSetting = { allowMethods: [...new Set(update.swaggerSetting.allowMethods)] };
  return JSON.stringify(stored);
}
