// @vitest-environment happy-dom
// HYD-02: a list whose older page failed to load says why and offers Retry (the next scroll near its
// start asks again too); it never silently stops paging.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { VirtualList } from "../src/virtual-list";
import { WindowedList } from "../src/windowed-list";

afterEach(cleanup);

const items = Array.from({ length: 200 }, (_, i) => `row ${i}`);

function flaky(failures: number) {
  const calls = { count: 0 };
  const load = async () => {
    calls.count++;
    if (calls.count <= failures) throw new Error(`HTTP 503 (try ${calls.count})`);
  };
  return { calls, load };
}

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe("a failed page of older rows", () => {
  it("HYD-02 WindowedList shows the failure with Retry, and Retry asks again", async () => {
    const { calls, load } = flaky(1);
    render(
      <WindowedList
        items={items}
        getKey={(item) => item}
        renderItem={(item) => item}
        estimateHeight={40}
        label="Rows"
        hasOlder
        onLoadOlder={load}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Load older" }));
    await settle();
    expect(calls.count).toBe(1);
    expect(screen.getByRole("alert").textContent).toContain("Could not load older rows: HTTP 503 (try 1)");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await settle();
    expect(calls.count).toBe(2);
    expect(screen.queryByRole("alert")).toBeNull();
    // Succeeded at this length: no second request until the list grows.
    fireEvent.click(screen.getByRole("button", { name: "Load older" }));
    expect(calls.count).toBe(2);
  });

  it("HYD-02 VirtualList retries on the next scroll near its start after a failure", async () => {
    const { calls, load } = flaky(1);
    render(
      <VirtualList
        items={items}
        rowHeight={20}
        height={200}
        getKey={(item) => item}
        renderRow={(item) => item}
        label="Timeline"
        hasOlder
        onLoadOlder={load}
      />,
    );
    const scroller = screen.getByLabelText("Timeline");
    const scroll = (top: number) =>
      act(() => {
        scroller.scrollTop = top;
        fireEvent.scroll(scroller);
      });
    scroll(0);
    await settle();
    expect(calls.count).toBe(1);
    expect(screen.getByRole("alert").textContent).toContain("HTTP 503");
    scroll(0);
    await settle();
    expect(calls.count).toBe(2);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
