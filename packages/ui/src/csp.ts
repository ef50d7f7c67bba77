/**
 * Imported first by each app's main.tsx: the apps run under a content security policy without
 * 'unsafe-eval' (docs/decisions/209-zod-jitless.md). Zod compiles object parsers with
 * `new Function` when it may, and its probe for that (even caught) is reported as a policy
 * violation; `jitless` makes it use its interpreter from the start, with no probe.
 */
import { config } from 'zod';

config({ jitless: true });
