import { a2aAdapter } from "./a2a";
import type { AdapterModule } from "./types";

/** Every source adapter, by its `--from` name. Each adapter module registers itself here with one line. */
export const ADAPTERS: AdapterModule[] = [a2aAdapter];

export function findAdapter(format: string): AdapterModule | undefined {
  return ADAPTERS.find((a) => a.format === format);
}
