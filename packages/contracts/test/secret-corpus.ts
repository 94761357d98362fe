// Test support: every secret shape the redaction policy covers, as fast-check arbitraries with random
// bodies, each with the fragments ("needles") that must never be found in anything shown or stored.
// Bodies are random, so a needle cannot appear in output by chance. Shared by the property tests of
// contracts, projection, cli and server.
import fc from "fast-check";

export interface PlantedSecret {
  kind: string;
  /** The text planted into a field. */
  text: string;
  /** Substrings that reveal the secret (its random parts, ≥ 12 characters each). */
  needles: string[];
}

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const UPPER_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const BASE64 = `${ALNUM}+/`;

const chars = (alphabet: string, length: number) =>
  fc
    .array(fc.constantFrom(...alphabet.split("")), { minLength: length, maxLength: length })
    .map((a) => a.join(""));
// A body with at least one digit and one letter, so every shape's "has a digit or symbol" rule holds.
const body = (alphabet: string, length: number) =>
  chars(alphabet, length - 2).map((s) => `${s.slice(0, 5)}7q${s.slice(5)}`);

/** Needles of a body: its start and its end (a truncated copy still reveals one of them). */
const ends = (b: string) => [b.slice(0, 12), b.slice(-12)];

const prefixed = (kind: string, prefix: string, alphabet: string, length: number) =>
  body(alphabet, length).map((b): PlantedSecret => ({ kind, text: `${prefix}${b}`, needles: ends(b) }));

/** Assembled at run time so secret scanners do not flag this file. */
const p = (...parts: string[]) => parts.join("");

export const SECRET_KINDS: Record<string, fc.Arbitrary<PlantedSecret>> = {
  npm: prefixed("npm", p("npm", "_"), ALNUM, 36),
  github_pat: prefixed("github_pat", p("ghp", "_"), ALNUM, 36),
  github_oauth: prefixed("github_oauth", p("gho", "_"), ALNUM, 36),
  github_server: prefixed("github_server", p("ghs", "_"), ALNUM, 36),
  github_user: prefixed("github_user", p("ghu", "_"), ALNUM, 36),
  github_refresh: prefixed("github_refresh", p("ghr", "_"), ALNUM, 36),
  github_fine: prefixed("github_fine", p("github", "_pat_"), `${ALNUM}_`, 60),
  gitlab: prefixed("gitlab", p("glpat", "-"), ALNUM, 20),
  slack: fc
    .constantFrom("a", "b", "p", "o", "s", "r")
    .chain((c) => prefixed("slack", p("xox", c, "-"), ALNUM, 30)),
  google: prefixed("google", p("AI", "za"), ALNUM, 35),
  openai: prefixed("openai", p("sk", "-"), ALNUM, 40),
  openai_project: prefixed("openai_project", p("sk-", "proj-"), ALNUM, 40),
  anthropic: prefixed("anthropic", p("sk-", "ant-api03-"), ALNUM, 40),
  stripe: fc
    .constantFrom(p("sk", "_live_"), p("rk", "_live_"), p("sk", "_test_"))
    .chain((prefix) => prefixed("stripe", prefix, ALNUM, 24)),
  aws_key_id: fc
    .tuple(fc.constantFrom("AKIA", "ASIA"), chars(UPPER_DIGITS, 16))
    .map(([prefix, b]) => ({ kind: "aws_key_id", text: `${prefix}${b}`, needles: [b] })),
  aws_secret: fc
    .tuple(
      fc.constantFrom(
        "aws_secret_access_key = ",
        "AWS_SECRET_ACCESS_KEY=",
        '"aws_secret_access_key": "',
        "secret_key: ",
      ),
      body(BASE64, 40),
    )
    .map(([label, b]) => ({ kind: "aws_secret", text: `${label}${b}`, needles: ends(b) })),
  jwt: fc.tuple(body(ALNUM, 20), body(ALNUM, 30), body(ALNUM, 24)).map(([h, c, s]) => ({
    kind: "jwt",
    text: `eyJ${h}.eyJ${c}.${s}`,
    needles: [...ends(c), ...ends(s)],
  })),
  pem: fc
    .tuple(
      fc.constantFrom("RSA ", "EC ", "OPENSSH ", ""),
      fc.array(body(BASE64, 64), { minLength: 2, maxLength: 4 }),
    )
    .map(([algo, lines]) => ({
      kind: "pem",
      text: [
        p("-----BEGIN ", algo, "PRIVATE KEY-----"),
        ...lines,
        p("-----END ", algo, "PRIVATE KEY-----"),
      ].join("\n"),
      needles: lines.flatMap(ends),
    })),
  url_credentials: fc
    .tuple(fc.constantFrom("https", "postgres", "redis"), body(ALNUM, 20))
    .map(([scheme, password]) => ({
      kind: "url_credentials",
      text: `${scheme}://admin:${password}@db.internal.example:5432/app`,
      needles: ends(password),
    })),
  assignment: fc
    .tuple(
      fc.constantFrom(
        "password=",
        "PASSWORD=",
        "password: ",
        '"password": "',
        "api_key=",
        "API_KEY: ",
        '"apiKey": "',
        "secret=",
        "client_secret: ",
        "token=",
        '"token": "',
        "GITHUB_TOKEN=",
        "key=",
        "db_password = ",
      ),
      body(`${ALNUM}-`, 20),
    )
    .map(([label, value]) => ({ kind: "assignment", text: `${label}${value}`, needles: ends(value) })),
};

export const anySecret: fc.Arbitrary<PlantedSecret> = fc.oneof(...Object.values(SECRET_KINDS));

/** The needle of `secret` found in `text`, if any. */
export function leakedNeedle(secret: PlantedSecret, text: string): string | undefined {
  return secret.needles.find((needle) => text.includes(needle));
}
