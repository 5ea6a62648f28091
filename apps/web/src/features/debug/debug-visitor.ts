/**
 * A visitor of a share or composed project page who may debug there (the share offers it). The visitor
 * holds no login: every debug call names the share (or project) and carries its visitor session, and the
 * server's share gate decides from those alone. What belongs to a user (remembered values, history, editing
 * scripts) is left out for visitors.
 */
export interface DebugVisitor {
  /** Cache scope of the visitor's debug calls, e.g. `share:{id}`: never shared with the signed-in user's. */
  scope: string;
  /** The headers naming the share or project, with the visitor session when there is one. */
  headers(): Record<string, string>;
}
