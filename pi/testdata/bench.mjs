// Measures decisions the way the extension makes them: its own Serve client, one decide at a
// time through a long-lived `agentmgr serve --stdio`. Prints the median and the 90th percentile
// round trip in nanoseconds as JSON.
//
//   node --experimental-strip-types bench.mjs EXTENSION.ts CWD N
const [extension, cwd, n] = process.argv.slice(2);
const { Serve } = await import(extension);
const serve = new Serve();
const call = { cwd, session: "bench", tool: "bash", input: { command: "ls -l && git status" } };
await serve.ask("decide", call); // start-up is not a decision
const times = [];
for (let i = 0; i < Number(n); i++) {
	const start = process.hrtime.bigint();
	const d = await serve.ask("decide", call);
	times.push(Number(process.hrtime.bigint() - start));
	if (d.action !== "allow") throw new Error(`decide answered ${d.action}: ${d.reason}`);
}
serve.stop();
times.sort((a, b) => a - b);
console.log(JSON.stringify({ median: times[Math.floor(times.length / 2)], p90: times[Math.floor(times.length * 0.9)] }));
