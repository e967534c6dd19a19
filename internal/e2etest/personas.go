package e2etest

// GuardedPersona is the persona the runtimes' end-to-end tests make active: it runs
// commands but never rm (line 7 of the file), asks for git, and cannot edit (so pi hides edit
// and write). The tests name the file guarded.md.
const GuardedPersona = `---
description: Runs commands, never deletes
permissions:
  "*": allow
  edit: deny
  bash:
    "rm *": deny
    "git *": ask
---
Be careful.
`
