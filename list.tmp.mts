const b = await import("./build/server/index.js");
const a = b.assets; const id = process.argv[2];
const urls = new Set([a.entry.module, ...a.entry.imports]);
for (let r = a.routes[id]; r; r = a.routes[r.parentId]) { urls.add(r.module); (r.imports ?? []).forEach((u: string) => urls.add(u)); }
console.log([...urls].map(u => "build/client" + u).join(" "));
