export { AG_UI_FORMAT, agUiConnector, agUiSource } from "./ag-ui/connector";
export { AI_SDK_FORMAT, aiSdkConnector, aiSdkSource } from "./ai-sdk/connector";
export { A2A_FORMAT, a2aConnector, a2aSource } from "./a2a/connector";
export { LANGGRAPH_FORMAT, langGraphConnector } from "./langgraph/connector";
export { MAX_LANGGRAPH_FRAME_BYTES } from "./langgraph/wire";
export { type ReplayOptions, replaySource } from "./replay/source";
export { UPSTREAM_UNAVAILABLE, UpstreamGuard, type UpstreamPolicy } from "./upstream/policy";
