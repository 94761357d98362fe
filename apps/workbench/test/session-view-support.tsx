// Renders the session workbench over a projector, every write accepted, with no inspector.
import type { createProjector } from "@agent-ui/projection";
import { render } from "@testing-library/react";
import type { ComponentProps } from "react";
import { SessionView } from "../src/session-view";

export function renderSessionView(
  store: ReturnType<typeof createProjector>,
  initialPanel: ComponentProps<typeof SessionView>["initialPanel"],
): void {
  render(
    <SessionView
      store={store}
      dispatch={async () => ({ status: "accepted", idempotencyKey: "k" })}
      inspector={null}
      initialPanel={initialPanel}
    />,
  );
}
