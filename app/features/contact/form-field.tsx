import type { ReactNode } from "react";
import styles from "./form-field.module.css";

type FormFieldProps = {
  /** Id of the control; its error message gets `${id}-error`. */
  id: string;
  label: string;
  /** Shown under the control when set; the control points at it with aria-describedby. */
  error?: string;
  children: ReactNode;
};

/** A visible label, one form control and its error message. */
export function FormField({ id, label, error, children }: FormFieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={errorIdFor(id)} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function errorIdFor(controlId: string): string {
  return `${controlId}-error`;
}
