import {
  DebugConfig,
  DebugProxySetting,
  DebugScript,
  type DebugScriptAddRequest,
  type DebugScriptPatchRequest,
  type DebugScriptUpdateRequest,
  type DebugValue,
  DebugValues,
  Empty,
} from '@quire/shared';
import { z } from 'zod';
import { apiGet, apiPost, type RequestOptions } from '../../lib/api-client.ts';

/** What the debug panel of a doc may do (allow debug, proxy). */
export function getDebugConfig(docId: string, options?: RequestOptions) {
  return apiGet('/doc/debug/config', DebugConfig, { docId }, options);
}

/** The caller's last values and history for a doc. */
export function getDebugValues(docId: string, options?: RequestOptions) {
  return apiGet('/doc/debug/value', DebugValues, { docId }, options);
}

/** Remembers a sent request; silent: remembering is a convenience, a failure must not disturb the send. */
export function saveDebugValue(docId: string, value: DebugValue) {
  return apiPost('/doc/debug/value/save', DebugValues, { docId, value }, { silent: true });
}

export function listDebugScripts(docId: string, options?: RequestOptions) {
  return apiGet('/doc/debugscript/list', z.array(DebugScript), { docId }, options);
}

export function addDebugScript(body: DebugScriptAddRequest) {
  return apiPost('/doc/debugscript/add', DebugScript, body);
}

export function updateDebugScript(body: DebugScriptUpdateRequest) {
  return apiPost('/doc/debugscript/update', Empty, body);
}

export function patchDebugScript(body: DebugScriptPatchRequest) {
  return apiPost('/doc/debugscript/update-v2', Empty, body);
}

export function deleteDebugScript(id: string) {
  return apiPost('/doc/debugscript/delete', Empty, { id });
}

export function getProxySetting(options?: RequestOptions) {
  return apiGet('/admin/setting/debugProxy', DebugProxySetting, undefined, options);
}

export function saveProxySetting(hosts: string[]) {
  return apiPost('/admin/setting/debugProxy', DebugProxySetting, { hosts });
}
