import type { OperatorIdentity } from './contracts/common.js';

/**
 * The operator of a deployment that publishes none (no OPERATOR_* settings). No zod here: the web
 * app's config parser starts from it before first paint.
 */
export const NO_OPERATOR: Readonly<OperatorIdentity> = {
  name: null,
  address: null,
  register: null,
  vatId: null,
  email: null,
  representative: null,
  dpoEmail: null,
};
