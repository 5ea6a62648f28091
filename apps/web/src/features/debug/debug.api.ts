import {
  adminSettingDebugProxyGet,
  adminSettingDebugProxySave,
  type DebugScriptAddRequest,
  type DebugScriptPatchRequest,
  type DebugScriptUpdateRequest,
  type DebugValue,
  docDebugConfig,
  docDebugscriptAdd,
  docDebugscriptDelete,
  docDebugscriptList,
  docDebugscriptUpdate,
  docDebugscriptUpdateV2,
  docDebugValue,
  docDebugValueSave,
} from '@quire/shared';
import { call, type RequestOptions } from '../../lib/api-client.ts';

/** What the debug panel of a doc may do (allow debug, proxy). */
export function getDebugConfig(docId: string, options?: RequestOptions) {
  return call(docDebugConfig, { docId }, options);
}

/** The caller's last values and history for a doc. */
export function getDebugValues(docId: string, options?: RequestOptions) {
  return call(docDebugValue, { docId }, options);
}

/** Remembers a sent request; silent: remembering is a convenience, a failure must not disturb the send. */
export function saveDebugValue(docId: string, value: DebugValue) {
  return call(docDebugValueSave, { docId, value }, { silent: true });
}

export function listDebugScripts(docId: string, options?: RequestOptions) {
  return call(docDebugscriptList, { docId }, options);
}

export function addDebugScript(body: DebugScriptAddRequest) {
  return call(docDebugscriptAdd, body);
}

export function updateDebugScript(body: DebugScriptUpdateRequest) {
  return call(docDebugscriptUpdate, body);
}

export function patchDebugScript(body: DebugScriptPatchRequest) {
  return call(docDebugscriptUpdateV2, body);
}

export function deleteDebugScript(id: string) {
  return call(docDebugscriptDelete, { id });
}

export function getProxySetting(options?: RequestOptions) {
  return call(adminSettingDebugProxyGet, undefined, options);
}

export function saveProxySetting(hosts: string[]) {
  return call(adminSettingDebugProxySave, { hosts });
}
