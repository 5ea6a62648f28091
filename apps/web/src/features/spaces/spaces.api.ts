/**
 * Spaces. The server's space module (`GET /api/space/list`, `POST /api/space/add`) lands in the next
 * version, together with its schemas in `@quire/shared`; until then an account can see no space, which is
 * exactly what an empty list says. Replace the body with `apiGet('/space/list', SpaceList)` then.
 */
export async function listSpaces(): Promise<readonly never[]> {
  return [];
}
