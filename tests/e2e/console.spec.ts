import { expect, test } from "./fixtures";
import { hydrated } from "./helpers";

test("pages hydrate and navigate without console errors or hydration warnings", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  // The tag manager is configured in the test build; answer it locally (the network is closed).
  await page.route("https://www.googletagmanager.com/**", (route) => route.fulfill({ contentType: "text/javascript", body: "" }));

  for (const path of ["/", "/services/voip", "/industries/non-profits", "/evansville-it-support", "/faq", "/privacy-policy", "/contact"]) {
    await page.goto(path);
    await hydrated(page);
  }
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Questions" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await page.locator("footer").getByRole("link", { name: "Bloomington, IN" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/bloomington-it-support$/);
  expect(problems).toEqual([]);
});
