// A progress bar on stderr: `[#########           ] 45%  450,000 of 1,000,000 rows` on a terminal,
// redrawn in place; a line per tenth elsewhere (a CI log, a pipe), so logs stay short.

export function progressPrinter(stream: NodeJS.WriteStream, describe: (done: number, total: number) => string): (done: number, total: number) => void {
  let lastTenth = -1;
  return (done, total) => {
    const share = total === 0 ? 1 : Math.min(1, done / total);
    const text = `${Math.round(share * 100)}%  ${describe(done, total)}`;
    if (stream.isTTY) {
      const filled = Math.round(share * 30);
      stream.write(`\r[${"#".repeat(filled)}${" ".repeat(30 - filled)}] ${text}`);
    } else if (Math.floor(share * 10) > lastTenth) {
      lastTenth = Math.floor(share * 10);
      stream.write(`${text}\n`);
    }
  };
}
