/**
 * About page copy: the seed of the content studio (./seed.ts, its only importer). The page renders
 * the claims of the business facts as figures; the prose here mentions them only with exactly the
 * seed's values.
 */
import { seedFacts, site } from "~/config/site";

import type { CallToAction, Feature, PageSeo } from "./types";

export const aboutPage: PageSeo & {
  headline: string;
  intro: string;
  story: string[];
  values: Feature[];
  howWeWork: Feature[];
  cta: CallToAction;
} = {
  title: "About Our Indiana and Tennessee IT Team",
  description:
    "Who we are and how we work: local engineers, a help desk that answers, a named engineer for your account and documentation you own. Managed IT for IN and TN.",

  headline: "Local engineers who run IT for businesses like yours",
  intro: `${site.brand} is the IT department for small and mid-size businesses across Indiana and Tennessee. We answer the phone, fix the cause, write everything down and tell you plainly what your systems need.`,

  story: [
    `Our team brings ${seedFacts.foundingYearsClaim} of experience running networks, servers, phones and security for businesses that cannot afford a day offline: medical and dental practices, law and accounting firms, manufacturers, trucking companies, builders and non-profits.`,
    "Most of our clients came to us after something broke: a server that would not start, a ransomware note on a screen, an IT provider who stopped returning calls. What they wanted was simple. Someone who answers, fixes the problem properly and explains what happened without jargon.",
    "That is still the job. We have grown to support 500+ businesses from offices in Indiana and Tennessee, and each client still has an engineer who knows their network by name. Monitoring and patching run around the clock, and that work is behind the 99.9% uptime our clients see and the 95% of downtime we prevent.",
    "We are not the right fit for everyone. If you want the cheapest possible help desk, we will say so. If you want a partner who plans ahead, keeps your systems documented and shows up in person when it matters, we should talk.",
  ],

  values: [
    {
      title: "Answer the phone",
      text: "When something breaks, you talk to a person who can fix it, not a voicemail box or a ticket queue that goes quiet.",
    },
    {
      title: "Fix the cause, not the symptom",
      text: "We look for why a problem happened and remove it, so the same call does not come in next week.",
    },
    {
      title: "Plain language",
      text: "We explain risks, options and costs in words an owner can act on, and we put recommendations in writing with a price next to each one.",
    },
    {
      title: "Security by default",
      text: "Multi-factor sign-in, patching, tested backups and least-privilege access are part of every managed plan, not extras you have to ask for.",
    },
  ],

  howWeWork: [
    {
      title: "A help desk that answers",
      text: `Your staff reach our help desk by phone, e-mail or the Client Portal, ${seedFacts.hours.business}. Managed clients have 24/7 emergency support for outages and security incidents.`,
    },
    {
      title: "A named engineer for your account",
      text: "One lead engineer knows your network, your software and your people. They run your quarterly reviews and keep your roadmap current.",
    },
    {
      title: "On site when it matters",
      text: "Some problems need hands on the hardware. Qualified managed clients get an engineer on site within 4 hours, from the office nearest to them.",
    },
    {
      title: "Documentation you own",
      text: "Network diagrams, passwords in a secure vault, licenses, vendor contacts and every change we make are written down and belong to you, whether you stay with us or not.",
    },
    {
      title: "Watched around the clock",
      text: "Our security operations center monitors alerts from your devices, accounts and network 24/7, and acts on real threats before they spread.",
    },
  ],

  cta: {
    title: "See how we would run your IT",
    text: "Tell us about your business and what is not working. We will call you back and walk you through what an assessment covers and what you get from it.",
  },
};
