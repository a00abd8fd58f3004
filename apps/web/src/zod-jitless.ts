// Zod without its compiled fast path: the server's CSP (script-src 'self', no 'unsafe-eval') forbids new Function,
// and Zod's probe for it would be reported as a CSP violation. main.tsx runs it before loading anything that builds a schema.
import { z } from 'zod';

z.config({ jitless: true });
