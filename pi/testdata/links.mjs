// Checks how the extension links a child session to its parent, with its own functions:
//   node --experimental-strip-types links.mjs EXTENSION.ts
// Prints "ok", or throws naming the case that failed.
const [extension] = process.argv.slice(2);
const { agentTypeOf, claimSpawn, linkChild } = await import(extension);
const spawns = globalThis[Symbol.for("agentmgr.pi.spawns.v1")];
const links = globalThis[Symbol.for("agentmgr.pi.links.v1")];
const expect = (name, got, want) => {
	if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`${name}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
};

expect("a tintinweb session name", agentTypeOf("cleaner#a1b2c3d4"), "cleaner");
expect("a name with no agent id", agentTypeOf("my session"), undefined);
expect("a name with a short id", agentTypeOf("fix#123"), undefined);

const agent = (session, type, at) => ({ session, call: `c${at}`, chain: [], agents: [type], tool: "Agent", at, pid: 1 });
spawns.push(agent("parent", "Explore", 2), agent("parent", "cleaner", 1), agent("parent", "cleaner", 3));
expect("the oldest spawn naming the type, in any case", claimSpawn(spawns, "child1", "CLEANER")?.at, 1);
expect("the next one", claimSpawn(spawns, "child2", "cleaner")?.at, 3);
expect("an unknown type takes the oldest unclaimed", claimSpawn(spawns, "child3", "general-purpose")?.at, 2);
expect("nothing left to claim", claimSpawn(spawns, "child4", "cleaner"), undefined);
expect("a session never claims its own spawn", claimSpawn([agent("me", "x", 1)], "me", "x"), undefined);
expect("a subagent call is not claimed", claimSpawn([{ ...agent("p", "x", 1), tool: "subagent" }], "c", "x"), undefined);
spawns.length = 0;

spawns.push(agent("root", "wiper", 1));
expect("a tintinweb child links by its claim", linkChild("kid", "wiper#0a1b2c3d", undefined), { subagent: "wiper", parent: "root", chain: ["wiper"] });
expect("a session that is no child stays unlinked", linkChild("root", undefined, undefined), undefined);
expect("a pi-subagents child needs no claim", linkChild("sub", "x", { subagent: "scout", parent: "root" }), undefined);
spawns.length = 0;

links.set("forked", "root");
expect("the fork's announcement links exactly, with no spawn in flight", linkChild("forked", "sweeper", undefined), { subagent: "sweeper", parent: "root" });
spawns.push(agent("other", "sweeper", 1));
expect("the announcement wins over a claim", linkChild("forked", "sweeper#abcdefgh", undefined), { subagent: "sweeper", parent: "root" });
console.log("ok");
