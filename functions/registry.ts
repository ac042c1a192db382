// Every Lambda function by name, for the local API emulator and the route-table test.
// CDK bundles functions/<name>/handler.ts for each name in FUNCTION_NAMES.
import type { FunctionName } from '../shared/routes';
import * as auth from './auth/handler';
import * as platform from './platform/handler';
import * as facilities from './facilities/handler';
import * as carriers from './carriers/handler';
import * as appointments from './appointments/handler';
import * as operations from './operations/handler';
import * as users from './users/handler';

export const FUNCTIONS = { auth, platform, facilities, carriers, appointments, operations, users } satisfies Record<FunctionName, { handler: unknown; actions: Record<string, unknown> }>;
