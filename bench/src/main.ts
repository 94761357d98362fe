// `npm run bench [-- --quick …]`: the benchmark's command line (a development tool, run through tsx).
import { benchMain } from "./cli";

const write = (stream: NodeJS.WriteStream) => (text: string) => {
  stream.write(text.endsWith("\n") ? text : `${text}\n`);
};
process.exitCode = await benchMain(process.argv.slice(2), {
  stdout: write(process.stdout),
  stderr: write(process.stderr),
});
