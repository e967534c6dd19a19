// Package trust decides whether a project's own files (its personas in .pi/agents and its
// guards in .pi/agent-manager/guards.yaml) may decide for the agent working in it (docs/trust.md).
//
// A repository is written by whoever wrote it, and the agent working in it can write it too:
// its files are used only once the person trusted the project. The person decides in two
// places, both read here:
//   - pi's trust store, trust.json in the agent dir (folder -> true or false, the nearest
//     ancestor of the project deciding, and pi's defaultProjectTrust setting for a folder
//     none names): a project pi trusts is trusted;
//   - agentmgr's own store (locations.Dirs.TrustStore), written by `agentmgr trust` and the
//     app, whose trust names what it covers: the content of each project file as the person
//     saw it. Any later change, by the agent or anyone else, makes the project "changed since
//     trusted" until the person looks again. Its decision on a project wins over pi's. A trust
//     keeps a copy of each file it covers (locations.Dirs.TrustCopies), so that the look can be
//     at what changed: Diffs.
//
// Status says which it is, and why, for every surface that shows project files.
package trust
