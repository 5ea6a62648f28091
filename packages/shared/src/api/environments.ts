import { z } from 'zod';
import { V } from '../validation.ts';
import { displayName, EntityId, Flag, OrgLimits } from './spaces.ts';

/**
 * A base URL: trimmed, http(s) with a host, trailing slashes removed (`http://a/api/` is stored as
 * `http://a/api`), so `baseUrl + path` never doubles a slash.
 */
export const BaseUrl = z
  .string({ error: V.url })
  .trim()
  .max(OrgLimits.baseUrlMax, { error: `${V.max}|${OrgLimits.baseUrlMax}` })
  .regex(/^https?:\/\/[^\s/]\S*$/i, { error: V.url })
  .transform((url) => url.replace(/\/+$/, ''));

/** A debug environment of an application. `isPublic` environments also show on shared and public views. */
export const Environment = z.object({
  id: z.string(),
  moduleId: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  isPublic: z.boolean(),
  orderIndex: z.number().int(),
});
export type Environment = z.infer<typeof Environment>;

const OrderIndex = z.coerce.number().int().min(0).max(1_000_000_000);

/** `POST /api/module/environment/add`. Names are free text, unique within the application. */
export const EnvironmentAddRequest = z.object({
  moduleId: EntityId,
  name: displayName(OrgLimits.environmentNameMax),
  baseUrl: BaseUrl,
  isPublic: Flag.default(false),
  orderIndex: OrderIndex.optional(),
});
export type EnvironmentAddRequest = z.input<typeof EnvironmentAddRequest>;

/** `POST /api/module/environment/update`. */
export const EnvironmentUpdateRequest = z.object({
  id: EntityId,
  name: displayName(OrgLimits.environmentNameMax),
  baseUrl: BaseUrl,
  isPublic: Flag,
  orderIndex: OrderIndex.optional(),
});
export type EnvironmentUpdateRequest = z.input<typeof EnvironmentUpdateRequest>;

/**
 * `POST /api/module/environment/copy` (Torna's field names): a copy of `fromEnvId` named `name`, into
 * `destModuleId` (default: the same application), with the source's URL and visibility unless given.
 */
export const EnvironmentCopyRequest = z.object({
  fromEnvId: EntityId,
  destModuleId: EntityId.optional(),
  name: displayName(OrgLimits.environmentNameMax),
  baseUrl: BaseUrl.optional(),
  isPublic: Flag.optional(),
});
export type EnvironmentCopyRequest = z.input<typeof EnvironmentCopyRequest>;

/** `POST /api/module/environment/import`: copies the ticked environments of another application. */
export const EnvironmentImportRequest = z.object({
  moduleId: EntityId,
  fromModuleId: EntityId,
  ids: z.array(EntityId, { error: V.chooseEnv }).min(1, { error: V.chooseEnv }).max(OrgLimits.bulkMax),
});
export type EnvironmentImportRequest = z.input<typeof EnvironmentImportRequest>;
