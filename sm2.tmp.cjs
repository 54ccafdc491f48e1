const fs=require("fs"); const zlib=require("zlib"); const {SourceMapConsumer}=require("source-map-js");
const files=process.argv.slice(2); const bySrc={};
for (const file of files){ const code=fs.readFileSync(file,"utf8"); if(!fs.existsSync(file+".map")) continue; const map=JSON.parse(fs.readFileSync(file+".map","utf8"));
const c=new SourceMapConsumer(map); const lines=code.split("\n"); const ms=[]; c.eachMapping(m=>ms.push(m));
ms.sort((a,b)=>a.generatedLine-b.generatedLine||a.generatedColumn-b.generatedColumn);
for(let i=0;i<ms.length;i++){const m=ms[i],n=ms[i+1]; const len=(n&&n.generatedLine===m.generatedLine)?n.generatedColumn-m.generatedColumn:lines[m.generatedLine-1].length-m.generatedColumn;
 let s=(m.source||"?"); s=s.includes("node_modules/")? s.replace(/.*node_modules\//,"").split("/").slice(0,s.includes("@")?2:1).join("/") : s.replace(/^(\.\.\/)+/,""); bySrc[s]=(bySrc[s]||0)+len;}}
Object.entries(bySrc).sort((a,b)=>b[1]-a[1]).slice(0,40).forEach(([s,l])=>console.log(String(l).padStart(8),s));
