package locations

// ManagedGuards is the managed guards file: guards the system's administrator sets for every
// user of the machine, which neither a user's nor a project's files can loosen. It is a fixed
// path, not one read from the environment, so that the agent cannot move it; it is used only
// when root owns it and nobody else may write it (package policy).
const ManagedGuards = managedGuards
