/**
 * Home page copy, the four approach steps included: the seed of the content studio (./seed.ts, its
 * only importer). Numbers shown as statistics and the compliance frameworks are business facts,
 * which the page renders from the facts of the request; this file holds the words around them.
 */
import { seedFacts, site } from "~/config/site";
import { listOf } from "~/lib/list-of";

import type { CallToAction, Feature, PageSeo } from "./types";

export const homePage: PageSeo & {
  hero: { eyebrow: string; headline: string; text: string };
  painPoints: { heading: string; intro: string; items: Feature[] };
  servicesIntro: { heading: string; text: string };
  industriesIntro: { heading: string; text: string };
  citiesIntro: { heading: string; text: string };
  statsIntro: { heading: string; text: string };
  approachIntro: { heading: string; text: string };
  /** docs/requirements/README.md#product: the four steps, in order. */
  approach: Feature[];
  complianceIntro: { heading: string; text: string };
  cta: CallToAction;
} = {
  title: `${site.brand} | Managed IT Services in Indiana & Tennessee`,
  description:
    "Managed IT, cybersecurity and compliance for businesses in Indiana and Tennessee: a help desk that answers, 24/7 SOC monitoring and local on-site engineers.",

  hero: {
    eyebrow: "Managed IT for Indiana and Tennessee businesses",
    headline: "IT that keeps working, and people who answer when it doesn't.",
    text: "We run the computers, network, email, phones and security of small and mid-size businesses for a flat monthly fee. Local engineers, 24/7 security monitoring, and on-site help within 4 hours for qualified managed clients.",
  },

  painPoints: {
    heading: "Sound familiar?",
    intro: "Most businesses call us after the same few things have gone wrong more than once. If any of these is your week, we can help.",
    items: [
      {
        title: "The same problem keeps coming back",
        text: "The printer, the VPN, the slow laptop: someone fixes it, and a week later it breaks again. We find the cause, fix it once and write down what we did.",
      },
      {
        title: "Nobody picks up when it breaks",
        text: "Your IT person is on vacation, or your provider answers a ticket days later. Our help desk answers during business hours, and managed clients reach an engineer 24/7 in an emergency.",
      },
      {
        title: "You don't know if your backups work",
        text: "A backup that has never been restored is a guess. We test restores on a schedule and show you the results, so you know how fast you would be back after a failed server or ransomware.",
      },
      {
        title: "One click away from ransomware",
        text: "A single phishing e-mail can lock every file in the office. We filter e-mail, protect every device, train your staff and have a security operations center watching alerts around the clock.",
      },
      {
        title: "An audit or insurance form you can't answer",
        text: "Your cyber-insurance renewal asks about MFA, patching and backups, or a client asks for your HIPAA or PCI evidence. We put the controls in place and hand you the answers.",
      },
      {
        title: "IT costs you can't predict",
        text: "Surprise invoices, licenses nobody uses and emergency hardware purchases. A flat monthly fee and a written roadmap with costs let you budget for the year.",
      },
    ],
  },

  servicesIntro: {
    heading: "What we do",
    text: "Take the whole IT department off your plate, or fill the gaps around the people you already have. Each service can stand alone or be part of one managed plan.",
  },

  industriesIntro: {
    heading: "Industries we know",
    text: "A dental practice, a law firm and a machine shop need different things from IT. We know the software, the regulations and the busy seasons of the businesses we support.",
  },

  citiesIntro: {
    heading: "Local support from offices near you",
    text: `Our engineers work from local offices in ${listOf(Object.values(site.states))}, and we also support businesses in ${listOf(seedFacts.statesAlsoServed)}. Find the office closest to you.`,
  },

  statsIntro: {
    heading: "The numbers behind our support",
    text: "Monitoring, patching and a fast response keep small problems from turning into a day without systems. This is what that work adds up to.",
  },

  approachIntro: {
    heading: "How we take over your IT",
    text: "Four steps, in order, with a written result at each one. You know what we found, what we recommend, what it costs and what changed.",
  },
  approach: [
    {
      title: "Assessment",
      text: "We inventory every device, account and license, test your backups and score your security, so you see where you stand in plain language.",
    },
    {
      title: "Strategy",
      text: "You get a prioritised roadmap with costs: what to fix now, what can wait, and what each step protects.",
    },
    {
      title: "Implementation",
      text: "Our engineers make the changes after hours and on a schedule you approve, with documentation handed to you at each step.",
    },
    {
      title: "Optimization",
      text: "Monthly patching, monitoring and quarterly reviews keep systems fast and secure as your business changes.",
    },
  ],

  complianceIntro: {
    heading: "Frameworks we help you meet",
    text: "We put in place the technical controls these frameworks require, keep the evidence your auditor or insurer asks for, and work alongside your compliance lead or auditor. The certification or attestation itself stays with you and your auditor.",
  },

  cta: {
    title: "Tell us what is getting in your way",
    text: "Describe your setup or the problem you are fighting. We will call you back, talk it through and, if it makes sense for both of us, start with an assessment of your systems.",
  },
};
