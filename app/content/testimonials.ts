/**
 * Testimonials: fictional placeholders (docs/requirements/public-site.md#content), the seed of the
 * content studio (./seed.ts, its only importer). Every company is marked "(sample)" until staff
 * replace it with a real client's words and permission; the quotes claim nothing the site does
 * not already say (help desk, tested restores, security settings, one provider to call).
 */
import type { Testimonial } from "./types";

export const testimonials: Testimonial[] = [
  {
    quote:
      "When the front-desk computers stopped printing on a Monday morning, a person answered the help desk line. They fixed it, found out why it kept happening, and wrote down what they changed.",
    person: "Dana Whitfield",
    role: "Office manager",
    company: "Northside Dental (sample)",
    industry: "healthcare",
    services: ["managed-it", "cybersecurity"],
    onHome: true,
  },
  {
    quote:
      "We had never tested our backups. They restored our case files to a spare machine, showed us the result, and now send us the results of a test restore on a schedule.",
    person: "Marcus Bell",
    company: "Bell & Ortiz Law (sample)",
    industry: "legal-services",
    services: ["business-continuity", "cloud-services"],
    onHome: true,
  },
  {
    quote:
      "Our cyber-insurance renewal asked about MFA, patching and backups. We got back answers we could stand behind, and the settings on every machine to match them.",
    person: "Priya Raman",
    role: "Operations director",
    company: "Ridgeway Fabrication (sample)",
    industry: "manufacturing",
    services: ["cybersecurity", "it-compliance"],
    onHome: true,
  },
  {
    quote:
      "Our phones and e-mail now come from one provider, so there is one number to call when something is wrong, and the person who answers already knows our setup.",
    person: "Sam Okafor",
    role: "Executive director",
    company: "Eastside Community Pantry (sample)",
    industry: "non-profits",
    services: ["voip", "email-communications"],
    onHome: false,
  },
];
