// A structured answer form generated from an action's JSON schema (HITL-07/08). Only flat object schemas
// are rendered as fields; anything else falls back to one JSON text area so no input is impossible.
import { useId } from "react";

interface FieldSpec {
  name: string;
  label: string;
  type: "string" | "number" | "boolean" | "enum" | "json";
  options?: string[];
  required: boolean;
  description?: string;
  /** A credential: typed into a masked input, never shown back (SEC-01). */
  secret?: boolean;
}

/**
 * The form's fields. A property marked `writeOnly` or `format: "password"` is a secret; so is every text
 * field of a credential request (`secrets: true`), whatever its schema says.
 */
export function fieldsOf(schema: Record<string, unknown> | undefined, secrets = false): FieldSpec[] {
  const properties = schema?.properties;
  if (!properties || typeof properties !== "object") return [];
  const required = new Set(Array.isArray(schema?.required) ? (schema.required as string[]) : []);
  return Object.entries(properties as Record<string, Record<string, unknown>>).map(([name, prop]) => {
    const label = typeof prop?.title === "string" ? prop.title : name;
    const description = typeof prop?.description === "string" ? prop.description : undefined;
    const secret = secrets || prop?.writeOnly === true || prop?.format === "password";
    const base = { name, label, required: required.has(name), description, ...(secret ? { secret } : {}) };
    if (Array.isArray(prop?.enum)) return { ...base, type: "enum" as const, options: prop.enum.map(String) };
    if (prop?.type === "boolean") return { ...base, type: "boolean" as const };
    if (prop?.type === "number" || prop?.type === "integer") return { ...base, type: "number" as const };
    if (prop?.type === "string") return { ...base, type: "string" as const };
    return { ...base, type: "json" as const };
  });
}

export type FormValues = Record<string, string | boolean>;

/** Converts the form's raw strings to the schema's types; returns the field names that failed. */
export function coerceValues(
  fields: FieldSpec[],
  values: FormValues,
): { payload: Record<string, unknown>; invalid: string[] } {
  const payload: Record<string, unknown> = {};
  const invalid: string[] = [];
  for (const field of fields) {
    const raw = values[field.name];
    if (field.type === "boolean") {
      payload[field.name] = raw === true;
      continue;
    }
    const text = typeof raw === "string" ? raw.trim() : "";
    if (text === "") {
      if (field.required) invalid.push(field.name);
      continue;
    }
    if (field.type === "number") {
      const n = Number(text);
      if (Number.isFinite(n)) payload[field.name] = n;
      else invalid.push(field.name);
    } else if (field.type === "json") {
      try {
        payload[field.name] = JSON.parse(text);
      } catch {
        invalid.push(field.name);
      }
    } else payload[field.name] = text;
  }
  return { payload, invalid };
}

export function SchemaForm(props: {
  fields: FieldSpec[];
  values: FormValues;
  invalid: string[];
  disabled: boolean;
  onChange: (values: FormValues) => void;
}) {
  const prefix = useId();
  return (
    <div className="aui-schema-form">
      {props.fields.map((field) => {
        const id = `${prefix}-${field.name}`;
        const value = props.values[field.name];
        const set = (v: string | boolean) => props.onChange({ ...props.values, [field.name]: v });
        const common = {
          id,
          disabled: props.disabled,
          "aria-invalid": props.invalid.includes(field.name) || undefined,
          "aria-required": field.required || undefined,
        };
        return (
          <div key={field.name} className="aui-field">
            <label htmlFor={id}>
              {field.label}
              {field.required ? " *" : ""}
            </label>
            {field.type === "boolean" ? (
              <input
                {...common}
                type="checkbox"
                checked={value === true}
                onChange={(e) => set(e.target.checked)}
              />
            ) : field.type === "enum" ? (
              <select
                {...common}
                value={typeof value === "string" ? value : ""}
                onChange={(e) => set(e.target.value)}
              >
                <option value="">—</option>
                {field.options?.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            ) : field.secret ? (
              <input
                {...common}
                type="password"
                autoComplete="off"
                value={typeof value === "string" ? value : ""}
                onChange={(e) => set(e.target.value)}
              />
            ) : field.type === "json" ? (
              <textarea
                {...common}
                value={typeof value === "string" ? value : ""}
                onChange={(e) => set(e.target.value)}
              />
            ) : (
              <input
                {...common}
                type={field.type === "number" ? "number" : "text"}
                value={typeof value === "string" ? value : ""}
                onChange={(e) => set(e.target.value)}
              />
            )}
            {field.description ? <small>{field.description}</small> : null}
          </div>
        );
      })}
    </div>
  );
}
