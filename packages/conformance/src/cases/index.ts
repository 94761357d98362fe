import type { ConformanceCase } from "../types";
import { ACCEPTANCE_CORE_CASES } from "./acceptance-core";
import { ACCEPTANCE_TEAM_CASES } from "./acceptance-team";
import { ACTION_TASK_CASES } from "./aui-ar-action-task";
import { EVIDENCE_HYDRATE_CASES } from "./aui-ar-evidence-hydrate";
import { IDENTITY_CASES } from "./aui-ar-identity";
import { READ_MODEL_CASES } from "./aui-ar-read-model";
import { GOVERNANCE_CASES } from "./governance";
import { OFFICIAL_FIXTURE_CASES } from "./official-fixtures";
import { ORDERING_CASES } from "./ordering";
import { PROJECTION_SCENARIO_CASES } from "./projection-scenarios";
import { PROTOCOL_STORY_CASES } from "./protocol-stories";
import { VALIDATION_CHECKLIST_CASES } from "./validation-checklist";

/** The whole suite, in report order: AUI-AR cases, governance failures, ordering, acceptance items, fixtures. */
export const CASES: ConformanceCase[] = [
  ...IDENTITY_CASES,
  ...READ_MODEL_CASES,
  ...ACTION_TASK_CASES,
  ...EVIDENCE_HYDRATE_CASES,
  ...GOVERNANCE_CASES,
  ...ORDERING_CASES,
  ...PROJECTION_SCENARIO_CASES,
  ...VALIDATION_CHECKLIST_CASES,
  ...ACCEPTANCE_CORE_CASES,
  ...ACCEPTANCE_TEAM_CASES,
  ...OFFICIAL_FIXTURE_CASES,
  ...PROTOCOL_STORY_CASES,
];
