import type { Page } from "@playwright/test";
import sharp from "sharp";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * A picture's focal point (decision 0125), JavaScript on and off. With JavaScript a click
 * on the picture sets it and the arrow keys move it by 5 %; without, the two number fields
 * post it. Each run uploads a picture of its own and deletes it at the end.
 */
const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeAttached();
const png = () =>
  sharp({ create: { width: 200, height: 100, channels: 3, background: "#3366aa" } })
    .png()
    .toBuffer();

async function dropFile(page: Page, name: string, bytes: Buffer) {
  const transfer = await page.evaluateHandle(
    ({ name, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: "image/png" }));
      return transfer;
    },
    { name, base64: bytes.toString("base64") },
  );
  const zone = page.getByTestId("media-upload");
  await zone.dispatchEvent("dragover", { dataTransfer: transfer });
  await zone.dispatchEvent("drop", { dataTransfer: transfer });
}

test("the focal point of a picture is set and saved", async ({ page, js }, info) => {
  test.setTimeout(90_000);
  const name = `focal-${info.project.name}-${Date.now()}`;
  await loginAsAdmin(page, "/admin/media");
  await ready(page, js);
  if (js) {
    await dropFile(page, `${name}.png`, await png());
  } else {
    const form = page.getByTestId("media-upload");
    await form
      .getByLabel("Datoteke (najviše 20 odjednom)")
      .setInputFiles({ name: `${name}.png`, mimeType: "image/png", buffer: await png() });
    await form.getByRole("button", { name: "Prenesi" }).click();
  }
  await toast(page, "Prenesena je 1 datoteka.");
  await ready(page, js);

  try {
    await page
      .getByTestId("media-card")
      .filter({ hasText: `${name}.png` })
      .getByRole("link", { name })
      .click();
    await expect(page).toHaveURL(/\/admin\/media\/\d+$/);
    await ready(page, js);
    const focal = page.getByTestId("media-focal");
    const x = focal.getByLabel("Fokus vodoravno (%)");
    const y = focal.getByLabel("Fokus okomito (%)");
    const marker = page.getByTestId("media-focal-marker");
    await expect(x).toHaveValue("50");
    await expect(y).toHaveValue("50");

    if (js) {
      const picker = page.getByTestId("media-focal-picker");
      const box = (await picker.boundingBox())!;
      await picker.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
      await expect(marker).toHaveAttribute("data-x", "25");
      await expect(marker).toHaveAttribute("data-y", "75");
      await expect(x).toHaveValue("25");
      await expect(y).toHaveValue("75");
      // The keyboard moves it by 5 % (the picture has focus after the click).
      await picker.focus();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowUp");
      await expect(x).toHaveValue("30");
      await expect(y).toHaveValue("70");
      await expect(marker).toHaveAttribute("style", /left: 30%; top: 70%/);
    } else {
      await x.fill("10");
      await y.fill("90");
    }
    await page.getByTestId("media-edit").getByRole("button", { name: "Spremi" }).click();
    await toast(page, "Datoteka je spremljena.");
    await ready(page, js);
    const [wantX, wantY] = js ? ["30", "70"] : ["10", "90"];
    await page.reload();
    await ready(page, js);
    await expect(x).toHaveValue(wantX);
    await expect(y).toHaveValue(wantY);
    await expect(marker).toHaveAttribute("data-x", wantX);
    await expect(marker).toHaveAttribute("data-y", wantY);
  } finally {
    if (!/\/admin\/media\/\d+$/.test(page.url())) {
      await page.goto(`/admin/media?view=list&q=${encodeURIComponent(name)}`);
      await page.getByTestId("media-row").first().getByRole("link").click();
    }
    await ready(page, js);
    await page.getByTestId("media-delete").getByRole("button", { name: "Obriši datoteku" }).click();
    await toast(page, "Datoteka je obrisana.");
  }
});
