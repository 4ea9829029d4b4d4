/**
 * The questions page: the questions owners and office managers ask before and after they sign.
 * Answers are plain text; blank lines separate paragraphs. The seed of the content studio
 * (./seed.ts, its only importer): the facts it quotes are the seed's.
 */
import { seedFacts } from "~/config/site";
import { listOf } from "~/lib/list-of";

import type { Faq, PageSeo } from "./types";

const indianaOffices = seedFacts.offices.filter((o) => o.state === "IN").map((o) => o.city);
const tennesseeOffices = seedFacts.offices.filter((o) => o.state === "TN").map((o) => o.city);

export const faqPage: PageSeo & {
  headline: string;
  intro: string;
  groups: { id: string; topic: string; faqs: Faq[] }[];
} = {
  title: "Managed IT Questions and Answers",
  description:
    "Straight answers on managed IT: what it costs, what is included, response times, security and compliance, cloud, e-mail and phones, and on-site service.",

  headline: "Questions business owners ask us",
  intro:
    "What it costs, how fast we respond, what happens when you switch and who shows up when something breaks. If your question is not here, ask us directly and an engineer will answer it.",

  groups: [
    {
      id: "getting-started",
      topic: "Getting started",
      faqs: [
        {
          question: "What happens after I contact you?",
          answer:
            "We call you back to hear what is going on and what you need. If it looks like a fit, we schedule an assessment of your systems. You then get a written summary of what we found and a proposal with a flat monthly price, and nothing changes until you approve it.",
        },
        {
          question: "What does the assessment include?",
          answer:
            "We inventory every computer, server, network device, account and software license, check how your backups run and whether they restore, and review your security settings against common attack paths. You get the results in plain language, with the risks ranked and the fixes priced. The report is yours to keep whether or not you hire us.",
        },
        {
          question: "Do you work with businesses our size?",
          answer:
            "We work with small and mid-size businesses, from a single office with a handful of staff to companies with several locations. What matters more than headcount is that you depend on your systems every day and want someone accountable for them. If another provider would serve you better, we will tell you.",
        },
        {
          question: "We already have an IT person. Do we have to replace them?",
          answer:
            "No. With co-managed IT we work alongside your in-house staff: we take the help desk overflow, monitoring, patching or security, and they keep the work they know best. Your IT person gets our tools, a senior engineer to escalate to and someone to cover vacations.",
        },
        {
          question: "How do we switch from our current IT provider?",
          answer:
            "We handle the transition. We request admin credentials, documentation and license details from your current provider, install our monitoring and security tools, and confirm backups are working before the handover date. You do not need to manage the conversation between providers, and your staff keep working throughout.",
        },
        {
          question: "How long does onboarding take?",
          answer:
            "It depends on the number of users, devices and locations, and on how much documentation already exists. We give you a written onboarding schedule before you sign, and the most urgent security gaps are closed first. Help desk support starts as soon as onboarding begins.",
        },
      ],
    },
    {
      id: "pricing-and-contracts",
      topic: "Pricing and contracts",
      faqs: [
        {
          question: "What does managed IT cost?",
          answer:
            "Managed IT is a flat monthly fee based on the number of users or devices we support and the level of service you choose. We quote it after the assessment, because the price depends on what we find: a well-kept network costs less to run than one that needs work. You know the monthly number before you sign, and it does not change because you called the help desk more than usual.",
        },
        {
          question: "What is included in the monthly fee?",
          answer:
            "Help desk support, remote fixes, 24/7 monitoring, patching, endpoint security, backup management, vendor management and regular reviews with your engineer are included in a managed plan. Your proposal lists exactly what is covered. Hardware, software licenses and projects such as an office move or a server replacement are quoted separately.",
        },
        {
          question: "How are projects priced?",
          answer:
            "Projects are quoted with a fixed scope and price before any work starts. The quote says what will be done, what is not included and when it will happen. If something unexpected changes the scope, we stop and get your approval before going further.",
        },
        {
          question: "Do we have to sign a long-term contract?",
          answer:
            "Managed services run under a master services agreement with a term and notice period we agree on before you sign. We explain both in plain language, and there are no hidden renewal clauses. We would rather keep clients because the work is good than because the contract says so.",
        },
        {
          question: "What happens to our data and passwords if we leave?",
          answer:
            "They are yours. If you end the agreement, we hand over admin credentials, documentation, network diagrams and license details to you or your next provider, and remove our tools in an orderly way. We do not hold your systems hostage.",
        },
      ],
    },
    {
      id: "support-and-response-times",
      topic: "Support and response times",
      faqs: [
        {
          question: "What are your support hours?",
          answer: `Our help desk is open ${seedFacts.hours.business}. Managed clients also have 24/7 emergency support for outages and security incidents, so an engineer is reachable at night and on weekends when the business cannot wait.`,
        },
        {
          question: "How do my employees ask for help?",
          answer:
            "They call the help desk, send an e-mail or open a ticket in the Client Portal. Every request gets a ticket, so nothing is lost and you can see what was asked and how it was fixed. Many requests are solved remotely while the employee is still on the line.",
        },
        {
          question: "How fast do you respond?",
          answer:
            "Requests are prioritized by business impact: a whole office offline comes before a single printer. Qualified managed clients get an engineer on site within 4 hours when a problem cannot be fixed remotely. The response time for each priority level is written into your service agreement.",
        },
        {
          question: "Who will we be working with?",
          answer:
            "You get a named lead engineer who knows your network, your software and your people, backed by our help desk and senior engineers. Your lead engineer runs your quarterly reviews and keeps your roadmap current. You will not have to explain your setup from scratch every time you call.",
        },
        {
          question: "Do you support our industry software?",
          answer:
            "Yes. We support the line-of-business software our clients run, such as practice management, EHR, accounting, ERP and dispatch systems, and work directly with the vendor when the fault is on their side. You do not have to sit on hold with the software company; we do that for you.",
        },
      ],
    },
    {
      id: "security-and-compliance",
      topic: "Security and compliance",
      faqs: [
        {
          question: "What do you do to keep us from being hacked?",
          answer:
            "Every managed plan includes multi-factor sign-in, regular patching, endpoint protection, e-mail filtering and backups we test. Our security operations center monitors alerts 24/7 and responds to real threats. We also train your staff to spot phishing, because most attacks start with an e-mail.",
        },
        {
          question: "What happens if we get hit by ransomware?",
          answer:
            "Managed clients call our 24/7 emergency line. We isolate the affected systems to stop the spread, find out how the attacker got in, and restore from clean backups. We work with your cyber-insurer and legal counsel on what must be reported, and close the gap that let the attack in.",
        },
        {
          question: "Can you make us HIPAA or PCI compliant?",
          answer:
            "We put in place and maintain the technical safeguards HIPAA and PCI DSS require: access control, encryption, audit logging, patching and tested backups. We document them so you can show your auditor, insurer or clients the evidence. Compliance also involves your own policies and training, and we help you with those, but the responsibility for compliance stays with your business.",
        },
        {
          question: "Do you sign a business associate agreement?",
          answer:
            "Yes. Healthcare clients and their business associates handle protected health information, and we sign a business associate agreement when HIPAA requires one. It sets out how we protect that information and what we do if there is a security incident.",
        },
        {
          question: "Do you help with cyber-insurance questionnaires?",
          answer:
            "Yes. Insurers now ask detailed questions about multi-factor sign-in, backups, patching and endpoint protection before they renew a policy. We help you answer them accurately and fix the gaps that would raise your premium or put a claim at risk.",
        },
        {
          question: "Which frameworks do you work with?",
          answer: `We help clients meet ${listOf(seedFacts.compliance)} requirements, depending on their industry and their customers' demands. We map your current controls against the framework, close the gaps and keep the evidence current. The certification, attestation or audit itself is carried out by your independent auditor.`,
        },
      ],
    },
    {
      id: "cloud-email-and-phones",
      topic: "Cloud, e-mail and phones",
      faqs: [
        {
          question: "Should we move everything to the cloud?",
          answer:
            "Not always. E-mail, file sharing and most office software run well in Microsoft 365 or Google Workspace, but some line-of-business and plant-floor systems work better, or only, on a local server. We recommend what fits each system and show you the cost of both options.",
        },
        {
          question: "Can you move our e-mail without losing anything?",
          answer:
            "Yes. We copy mailboxes, calendars and contacts to the new system before switching, then move the mail flow after hours so staff arrive to a working inbox. Old messages come across with their folders, and we check each mailbox before we call the move finished.",
        },
        {
          question: "Isn't Microsoft 365 already backed up?",
          answer:
            "Not the way most people think. Microsoft keeps the service running, but deleted or encrypted files and mailboxes can be lost once their retention runs out. We add a separate backup of your Microsoft 365 or Google Workspace data so it can be restored after an accident, a departing employee or an attack.",
        },
        {
          question: "Can we keep our phone numbers if we switch to VoIP?",
          answer:
            "In most cases, yes. We port your existing numbers from your current carrier and schedule the cutover so calls keep ringing through. We tell you before you commit if any number cannot be moved.",
        },
        {
          question: "What happens to our phones if the internet goes down?",
          answer:
            "Calls can ring through to staff mobile phones through the phone system's app, or forward to another location, until the connection is back. We set up these failover rules during installation, and for offices that cannot go without phones we recommend a backup internet connection.",
        },
      ],
    },
    {
      id: "locations-and-on-site-service",
      topic: "Locations and on-site service",
      faqs: [
        {
          question: "Where are your offices?",
          answer: `We have offices in ${listOf(indianaOffices)}, Indiana, and in ${listOf(tennesseeOffices)}, Tennessee. Each office has engineers who work on site for the businesses around it. Our office pages list the towns each one serves.`,
        },
        {
          question: "Do you support businesses outside Indiana and Tennessee?",
          answer: `Yes. We also support businesses in ${listOf(seedFacts.statesAlsoServed)}, usually remotely, with on-site work scheduled from our nearest office. Many clients have a main office near one of ours and branch locations further away.`,
        },
        {
          question: "How quickly can someone come on site?",
          answer:
            "Qualified managed clients get an engineer on site within 4 hours when a problem cannot be fixed remotely. Whether a location qualifies depends on its distance from our nearest office and on your service plan, and your agreement states it for each of your sites. Planned on-site work, such as installations and moves, is scheduled with you in advance.",
        },
        {
          question: "Can you support our multiple locations?",
          answer:
            "Yes. We manage every site from one set of tools, with one help desk and one set of documentation, and connect your locations securely so staff reach the same files and systems from anywhere. Each site has on-site coverage from the office nearest to it.",
        },
        {
          question: "Do we need to be near an office to work with you?",
          answer:
            "No. Much of our work is done remotely, and monitoring, patching and security work do not depend on distance. Being near an office matters for on-site response times, which we confirm for each of your locations before you sign.",
        },
      ],
    },
  ],
};
