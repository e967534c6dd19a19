// Runs the extension's skill functions on the cases given on stdin and prints their answers.
//   node --experimental-strip-types skills.mjs EXTENSION < cases.json
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

const ext = await import(pathToFileURL(process.argv[2]).href);
const c = JSON.parse(fs.readFileSync(0, 'utf8'));
const skills = ext.skillEntries(c.prompt);
process.stdout.write(JSON.stringify({
	skills,
	hidden: ext.hideSkills(c.prompt, c.denied),
	inputs: c.inputs.map((t) => ext.skillOfInput(t) ?? null),
	reads: c.reads.map((p) => ext.skillOfRead('read', { path: p }, skills, c.cwd) ?? null),
}) + '\n');
