// A labelled text input, the one shape every form on the screens uses.
import type { InputHTMLAttributes } from "react";

export interface TextFieldProps {
  /** The form's useId, so every label points at its own input. */
  formId: string;
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  type?: "text" | "password" | "url";
  inputMode?: InputHTMLAttributes<HTMLInputElement>["inputMode"];
  required?: boolean;
  /** The id of a <datalist> of suggestions; anything else may still be typed. */
  list?: string;
}

export function TextField(props: TextFieldProps) {
  const id = `${props.formId}-${props.name}`;
  const type = props.type ?? "text";
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={type}
        value={props.value}
        required={props.required}
        inputMode={props.inputMode}
        list={props.list}
        autoComplete={type === "password" ? "current-password" : "off"}
        onChange={(event) => props.onValue(event.target.value)}
      />
    </div>
  );
}
