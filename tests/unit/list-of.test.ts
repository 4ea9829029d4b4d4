/** Lists and counts in page text, written without Intl (app/lib/list-of.ts): the same text Intl gives. */
import { describe, expect, it } from "vitest";

import { formatCount, listOf } from "~/lib/list-of";

describe("listOf", () => {
  const states = ["Illinois", "Ohio", "Kentucky", "Michigan", "Wisconsin"];

  it("with the serial comma, writes what Intl.ListFormat wrote in the footer", () => {
    for (let n = 1; n <= states.length; n++) {
      expect(listOf(states.slice(0, n), { serialComma: true })).toBe(new Intl.ListFormat("en-US").format(states.slice(0, n)));
    }
  });

  it("without it, joins the last two with 'and' only", () => {
    expect(listOf([])).toBe("");
    expect(listOf(["Indiana"])).toBe("Indiana");
    expect(listOf(["Indiana", "Tennessee"])).toBe("Indiana and Tennessee");
    expect(listOf(["HIPAA", "PCI DSS", "SOC 2"])).toBe("HIPAA, PCI DSS and SOC 2");
  });
});

describe("formatCount", () => {
  it("groups thousands as toLocaleString('en-US') does", () => {
    for (const n of [0, 7, 999, 1000, 5000, 12345, 1000000, 987654321]) expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
  });
});
