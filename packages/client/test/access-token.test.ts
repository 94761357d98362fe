import { describe, expect, it } from "vitest";
import { adoptAccessToken, splitTokenFromFragment, type TokenHost } from "../src";

function browser(hash: string, stored: Record<string, string> = {}) {
  const replaced: string[] = [];
  const host: TokenHost = {
    location: { hash, pathname: "/", search: "" },
    history: { replaceState: (_d, _u, url) => replaced.push(String(url)) },
    sessionStorage: {
      getItem: (key) => stored[key] ?? null,
      setItem: (key, value) => {
        stored[key] = value;
      },
    },
  };
  return { host, replaced, stored };
}

describe("access token from the URL fragment", () => {
  it("splits the token from the fragment and keeps the rest of the route", () => {
    expect(splitTokenFromFragment("#token=abc")).toEqual({ token: "abc", hash: "" });
    expect(splitTokenFromFragment("#/s/s%201?token=abc")).toEqual({ token: "abc", hash: "#/s/s%201" });
    expect(splitTokenFromFragment("#/s/a?token=abc&x=1")).toEqual({ token: "abc", hash: "#/s/a?x=1" });
    expect(splitTokenFromFragment("#/s/a?x=1&token=a%2Bb")).toEqual({ token: "a+b", hash: "#/s/a?x=1" });
    expect(splitTokenFromFragment("#/s/a")).toEqual({ hash: "#/s/a" });
  });

  it("keeps the token for the tab and strips it from the address bar; a reload reads it back", () => {
    const first = browser("#/s/x?token=secret");
    expect(adoptAccessToken(first.host)).toBe("secret");
    expect(first.replaced).toEqual(["/#/s/x"]);
    const reload = browser("#/s/x", first.stored);
    expect(adoptAccessToken(reload.host)).toBe("secret");
    expect(reload.replaced).toEqual([]);
    expect(adoptAccessToken(browser("").host)).toBeUndefined();
  });
});
