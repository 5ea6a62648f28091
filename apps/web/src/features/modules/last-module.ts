import type { Module } from '@quire/shared';
import { readJson, writeJson } from '../../lib/storage.ts';

/** Torna's per-project config key: `torna.project.{projectId}` holding `{moduleId}`. */
export function projectConfigKey(projectId: string): string {
  return `torna.project.${projectId}`;
}

/** The application last opened in a project on this browser, if any. */
export function readLastModule(projectId: string): string | null {
  const config = readJson(projectConfigKey(projectId));
  if (typeof config === 'object' && config !== null && 'moduleId' in config) {
    const { moduleId } = config as { moduleId: unknown };
    return typeof moduleId === 'string' ? moduleId : null;
  }
  return null;
}

/** Remembers the application opened in a project, keeping any other keys of the stored config. */
export function writeLastModule(projectId: string, moduleId: string): void {
  const config = readJson(projectConfigKey(projectId));
  const base = typeof config === 'object' && config !== null && !Array.isArray(config) ? config : {};
  writeJson(projectConfigKey(projectId), { ...base, moduleId });
}

/** The application to show: the URL's, else the one last opened here, else the first. */
export function pickModule(
  modules: Module[],
  fromUrl: string | null,
  remembered: string | null,
): Module | undefined {
  return (
    modules.find((module) => module.id === fromUrl) ??
    modules.find((module) => module.id === remembered) ??
    modules[0]
  );
}
