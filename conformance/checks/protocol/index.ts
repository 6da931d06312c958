/** Checks of the `protocol` area, in the order they run. */
import type { CheckDefinition } from '../../src/core/check.ts';
import { clientHeadersIgnored } from './client-headers-ignored.ts';
import { concurrentRequests } from './concurrent-requests.ts';
import { errorEnvelope } from './error-envelope.ts';
import { hostileQueryValues } from './hostile-query-values.ts';
import { jsonBodies } from './json-bodies.ts';
import { legacyEndpointBody } from './legacy-endpoint-body.ts';
import { legacyEndpointGone } from './legacy-endpoint-gone.ts';
import { methodNotAllowed } from './method-not-allowed.ts';
import { noCorsPreflight } from './no-cors-preflight.ts';
import { noCorsSimple } from './no-cors-simple.ts';
import { noServerError } from './no-server-error.ts';
import { nullNotEmpty } from './null-not-empty.ts';
import { parameterEdgesAccepted } from './parameter-edges-accepted.ts';
import { parameterEdgesRefused } from './parameter-edges-refused.ts';
import { readOnly } from './read-only.ts';
import { responsesMatchSpec } from './responses-match-spec.ts';
import { timestampFormat } from './timestamp-format.ts';
import { undefinedParameterIgnored } from './undefined-parameter-ignored.ts';
import { unknownRoute } from './unknown-route.ts';
import { validRequestsAccepted } from './valid-requests-accepted.ts';
import { versionPrefix } from './version-prefix.ts';

export const checks: CheckDefinition[] = [
  versionPrefix,
  validRequestsAccepted,
  responsesMatchSpec,
  noServerError,
  jsonBodies,
  errorEnvelope,
  timestampFormat,
  nullNotEmpty,
  methodNotAllowed,
  unknownRoute,
  hostileQueryValues,
  undefinedParameterIgnored,
  clientHeadersIgnored,
  legacyEndpointGone,
  legacyEndpointBody,
  noCorsSimple,
  noCorsPreflight,
  parameterEdgesAccepted,
  parameterEdgesRefused,
  concurrentRequests,
  readOnly,
];
