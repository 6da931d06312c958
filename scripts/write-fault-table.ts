/** Writes docs/faults.md (fault catalogue and killing checks) and docs/rules.md (rules joined to checks, faults and variants). */
import { writeFileSync } from 'node:fs';
import { faultTableMarkdown } from '../conformance/test/fault-table.ts';
import { ruleTableMarkdown } from '../conformance/test/rule-table.ts';

writeFileSync('docs/faults.md', faultTableMarkdown());
writeFileSync('docs/rules.md', ruleTableMarkdown());
process.stdout.write('Written docs/faults.md and docs/rules.md\n');
