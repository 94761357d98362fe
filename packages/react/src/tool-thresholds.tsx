// The product's tool thresholds for every tool row below a provider (TOOL-06): one config, defaults from
// `@agent-ui/contracts`, so a product tunes when rows truncate, summarize, warn and require expansion in
// one place. `contextLimitTokens`: the model's context budget, when the host knows it.
import { DEFAULT_TOOL_THRESHOLDS, type ToolThresholds, toolThresholds } from "@agent-ui/contracts";
import { createContext, type ReactNode, useContext, useMemo } from "react";

export interface ToolThresholdsValue {
  thresholds: ToolThresholds;
  contextLimitTokens?: number;
}

const ToolThresholdsContext = createContext<ToolThresholdsValue>({ thresholds: DEFAULT_TOOL_THRESHOLDS });

export function ToolThresholdsProvider(props: {
  thresholds?: Partial<ToolThresholds>;
  contextLimitTokens?: number;
  children: ReactNode;
}) {
  const { thresholds, contextLimitTokens } = props;
  const value = useMemo(
    () => ({ thresholds: toolThresholds(thresholds), contextLimitTokens }),
    [thresholds, contextLimitTokens],
  );
  return <ToolThresholdsContext.Provider value={value}>{props.children}</ToolThresholdsContext.Provider>;
}

export function useToolThresholds(): ToolThresholdsValue {
  return useContext(ToolThresholdsContext);
}
