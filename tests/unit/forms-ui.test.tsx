// @vitest-environment jsdom
import { getFormProps } from "@conform-to/react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Button } from "~/components/ui/button";
import { CheckboxGroup } from "~/components/ui/checkbox-group";
import { Field } from "~/components/ui/field";
import { constraintMessage, validateConstraints } from "~/lib/forms/validate-constraints";
import { useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { I18nProvider } from "~/lib/i18n";
import { translatorFor } from "~/lib/messages.server";

afterEach(cleanup);
const wrap = (ui: ReactNode) => render(<I18nProvider translator={translatorFor("hr")}>{ui}</I18nProvider>);

const CONSTRAINT: FormConstraint = {
  email: { required: true, maxLength: 254 },
  name: { required: false, maxLength: 5 },
};

function Example({ lastResult = null }: { lastResult?: Parameters<typeof useShopForm>[0]["lastResult"] }) {
  const [form, fields] = useShopForm<{ email: string; name: string }>({ id: "example", lastResult, constraint: CONSTRAINT });
  return (
    <form {...getFormProps(form)} action="/x" method="post">
      <Field meta={fields.email} type="email" label="E-mail" description="Na nju šaljemo potvrdu" />
      <Field meta={fields.name} label="Ime" optional />
      <Button>Pošalji</Button>
    </form>
  );
}

describe("Field", () => {
  it("carries the schema's constraints, the required mark and its hint and error ids", () => {
    wrap(<Example />);
    const email = screen.getByRole("textbox", { name: /E-mail/ });
    expect(email).toHaveAttribute("id", "example-email");
    expect(email).toHaveAttribute("name", "email");
    expect(email).toBeRequired();
    expect(email).toHaveAttribute("maxlength", "254");
    expect(email).toHaveAttribute("aria-describedby", "example-email-description example-email-error");
    expect(email).not.toHaveAttribute("aria-invalid");
    expect(screen.getByText("(obavezno polje)")).toBeInTheDocument();
    expect(screen.getByText("(neobavezno)")).toBeInTheDocument();
  });

  it("shows the action's answer: the translated message at its field, invalid, and the typed value kept", () => {
    wrap(
      <Example
        lastResult={{
          status: "error",
          initialValue: { email: "kupac@example.com", name: "Predugo ime" },
          error: { name: ['core.validation.maxLength|{"length":5}'] },
        }}
      />,
    );
    const name = screen.getByRole("textbox", { name: /Ime/ });
    expect(name).toHaveValue("Predugo ime");
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(document.getElementById("example-name-error")).toHaveTextContent("Maksimalan broj znakova je 5");
    expect(screen.getByRole("textbox", { name: /E-mail/ })).toHaveValue("kupac@example.com");
  });

  it("checks the constraints in the browser on blur with the server's messages, without zod", async () => {
    wrap(<Example />);
    const email = screen.getByRole("textbox", { name: /E-mail/ });
    fireEvent.focus(email);
    fireEvent.blur(email);
    expect(await screen.findByText("Unos ovog polja je obavezan")).toBeInTheDocument();
    expect(email).toHaveAttribute("aria-invalid", "true");
  });
});

describe("validateConstraints", () => {
  function formWith(html: string) {
    const form = document.createElement("form");
    form.innerHTML = html;
    document.body.append(form);
    return form;
  }

  it("turns each broken constraint into the spec's message key", () => {
    const form = formWith(
      `<input name="a" required><input name="b" type="email" value="x"><input name="c" type="number" min="1" value="0"><input name="d" type="number" max="9" value="10"><input name="ok" value="fine">`,
    );
    const result = validateConstraints({ form, formData: new FormData(form) }).reply();
    expect(result.error).toEqual({
      a: ["core.validation.required"],
      b: ["core.validation.email"],
      c: ['core.validation.min|{"min":"1"}'],
      d: ['core.validation.max|{"max":"9"}'],
    });
  });

  // Browsers compile `pattern` with the `v` flag, where a bare "-" at the end of a class is a
  // syntax error and the pattern is silently ignored: schemas escape it ("[a-z0-9\\-]").
  it("uses a field's own pattern message when it names one", () => {
    const form = formWith(
      `<input name="slug" pattern="[a-z0-9\\-]+" value="Krovni Paneli" data-pattern-message="core.validation.slugFormat">`,
    );
    expect(constraintMessage(form.querySelector("input") as HTMLInputElement)).toBe("core.validation.slugFormat");
  });

  it("lets a valid form through with its values", () => {
    const form = formWith(`<input name="email" type="email" required value="kupac@example.com">`);
    const submission = validateConstraints({ form, formData: new FormData(form) });
    expect(submission.status).toBe("success");
  });
});

describe("Button and CheckboxGroup", () => {
  it("a pending button is disabled and announced as busy", () => {
    wrap(
      <Button pending pendingLabel="Šaljem…">
        Pošalji
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Šaljem…" });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).toHaveAttribute("type", "submit");
  });

  it("a checkbox group keeps the ticked values and shows its message", () => {
    wrap(
      <CheckboxGroup
        name="tags"
        legend="Oznake"
        idPrefix="tags"
        options={[
          { value: 1, label: "Hero" },
          { value: 2, label: "Top proizvodi", required: true },
        ]}
        defaultChecked={[2]}
        errors={["core.validation.required"]}
      />,
    );
    expect(screen.getByRole("group", { name: "Oznake" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Hero" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: /Top proizvodi/ })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: /Top proizvodi/ })).toBeRequired();
    expect(screen.getByRole("alert")).toHaveTextContent("Unos ovog polja je obavezan");
  });
});
