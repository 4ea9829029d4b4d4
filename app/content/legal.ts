/**
 * Terms and Conditions and Privacy Policy for the website: the seed of the content studio
 * (./seed.ts, its only importer). The page template appends the contact details (from the business
 * facts of the request) after the last section, so the documents refer to "the contact details
 * below" and never print an address or number.
 */
import { seedFacts, site } from "~/config/site";
import { plainToMarkdown } from "~/lib/plain-markdown";

import type { LegalDocument, LegalSection } from "./types";

/** The sections as they were first written, paragraphs and a list; their text is Markdown of the same words. */
const seedSections = (sections: { id: string; heading: string; paragraphs: string[]; list?: string[] }[]): LegalSection[] =>
  sections.map(({ id, heading, paragraphs, list }) => ({ id, heading, body: plainToMarkdown(paragraphs, list) }));

const brand = site.brand;
const legalName = site.legalName;

export const termsPage: LegalDocument = {
  title: "Terms and Conditions",
  description: `The terms for using the ${brand} website: permitted use, no professional advice, intellectual property, third-party links, disclaimers and Indiana law.`,
  heading: "Terms and Conditions",
  effectiveDate: "2026-11-01",
  intro: `These Terms and Conditions govern your use of this website, operated by ${legalName} ("${brand}", "we", "us" or "our"). By using the website you agree to these terms. If you do not agree, please do not use the website. These terms cover the website only; the IT services we provide to clients are governed by a separate written agreement, as described below.`,
  sections: seedSections([
    {
      id: "scope",
      heading: "What these terms cover",
      paragraphs: [
        "These terms apply to every page of this website, to the contact form and to the sign-in area for our staff. They do not apply to the IT services we deliver to our clients.",
        `Managed IT, cybersecurity, compliance, cloud, phone and other services are provided only under a master services agreement signed by ${legalName} and the client, together with any statements of work, service schedules, business associate agreements or other documents it incorporates. If anything on this website conflicts with that agreement, the agreement governs.`,
      ],
    },
    {
      id: "service-descriptions",
      heading: "Descriptions of our services",
      paragraphs: [
        "The website describes our services, support hours, response times and results in general terms so that you can decide whether to talk to us. These descriptions are not an offer that you can accept, and they are not a guarantee of any result for your business.",
        "Statistics such as uptime, downtime prevented and number of businesses served describe our service as a whole and are not a service level for any individual client. Commitments such as 24/7 emergency support and on-site response within 4 hours apply to managed clients who qualify under their agreement. Binding service levels, prices and terms are only those written in your signed agreement.",
      ],
    },
    {
      id: "no-professional-advice",
      heading: "No professional advice",
      paragraphs: [
        "Articles, answers to questions and other content on this website are general information about technology, security and regulation. They are not legal, compliance, accounting, insurance or other professional advice, and they are not advice about your particular systems.",
        `Mentions of frameworks and regulations such as ${seedFacts.compliance.join(", ")} describe requirements we help clients work toward. They are not a statement that we hold any certification, and reading this website does not make your business compliant with any law or standard. For decisions about your obligations, consult your own legal counsel, auditor or other qualified adviser, and for decisions about your systems, ask us for an assessment under a written agreement.`,
      ],
    },
    {
      id: "acceptable-use",
      heading: "Using the website",
      paragraphs: [
        "You may view, download and print pages of this website for your own information and for evaluating our services. When you use the website you agree not to:",
      ],
      list: [
        "use it in any way that breaks a law or regulation, or infringes anyone's rights;",
        "submit false information, or information about another person without their permission, through the contact form;",
        "send unsolicited advertising, malicious code or automated submissions through the contact form or any other part of the website;",
        "try to gain access to the staff sign-in area, the administrator area, our servers or any account that is not yours, or probe, scan or test the website's security without our written permission;",
        "interfere with the website's operation, for example by overloading it with requests or bypassing rate limits;",
        "copy large parts of the website, or scrape or harvest its content or any information on it, by automated means;",
        "frame or mirror the website, or present its content in a way that suggests a connection with us that does not exist.",
      ],
    },
    {
      id: "staff-accounts",
      heading: "Staff sign-in",
      paragraphs: [
        `The sign-in area of this website is for authorized ${brand} staff only. Accounts are created by our administrators; there is no public registration. If you have been given an account, you are responsible for keeping your password confidential and for the activity under your account, and you must tell us at once if you believe it has been misused.`,
        "We may suspend or end access to any account at any time, for example to protect the website or our clients. Attempts to use the sign-in area without authorization may be reported to law enforcement.",
      ],
    },
    {
      id: "intellectual-property",
      heading: "Intellectual property",
      paragraphs: [
        `The website and its content, including text, graphics, logos, video, page layout and software, are owned by ${legalName} or its licensors and are protected by copyright, trademark and other laws. Except for the limited use described in these terms, you may not copy, modify, distribute, publish or create works based on the website without our prior written permission.`,
        `"${brand}" and our logo are our trademarks. Other product and company names mentioned on the website, such as Microsoft 365, Azure, AWS or Google Workspace, belong to their owners. Their mention does not mean those companies endorse us or that we are affiliated with them.`,
      ],
    },
    {
      id: "your-submissions",
      heading: "Information you send us",
      paragraphs: [
        "When you use the contact form or otherwise send us information, you confirm that it is accurate and that you may share it. We handle personal information as described in our Privacy Policy.",
        "Please do not send passwords, patient or health records, payment card numbers or other confidential or regulated information through the contact form. Sending us a message does not create a client relationship, a confidentiality obligation or any duty to act; those arise only under a signed agreement.",
        "If you send us ideas or suggestions about the website or our services, we may use them without any obligation to you.",
      ],
    },
    {
      id: "portals-and-third-party-links",
      heading: "Client portals and third-party websites",
      paragraphs: [
        "The website links to our Client Portal and Payment Portal. These portals are provided for our clients, may be operated for us by third-party providers and are subject to their own terms and privacy notices, and to the client's agreement with us. Payments made through the Payment Portal are processed by the payment provider named there.",
        "The website may also link to other websites, such as our social media profiles or software vendors. We do not control those websites and are not responsible for their content, availability or privacy practices. A link does not mean we endorse the website or its owner. Your use of any linked website is at your own risk and under its own terms.",
      ],
    },
    {
      id: "disclaimers",
      heading: "Disclaimers",
      paragraphs: [
        'The website and its content are provided "as is" and "as available". To the fullest extent permitted by law, we disclaim all warranties, express or implied, including warranties of merchantability, fitness for a particular purpose, title, accuracy and non-infringement.',
        "We work to keep the website accurate and available, but we do not warrant that it will be uninterrupted, secure or free of errors, viruses or other harmful components, or that its content is complete or current. Technology, threats and regulations change, and content may be out of date when you read it. We may change, suspend or remove any part of the website at any time without notice.",
      ],
    },
    {
      id: "limitation-of-liability",
      heading: "Limitation of liability",
      paragraphs: [
        `To the fullest extent permitted by law, ${legalName} and its owners, employees and agents will not be liable for any indirect, incidental, special, consequential, exemplary or punitive damages, or for any loss of profits, revenue, data, goodwill or business opportunity, arising out of or in connection with your use of, or inability to use, the website or its content, even if we have been told such damages are possible.`,
        "To the fullest extent permitted by law, our total liability for any claim arising out of or relating to the website or these terms will not exceed the amount, if any, that you paid us for access to the website. Some jurisdictions do not allow certain exclusions or limits of liability, so some of the above may not apply to you.",
        "This section does not limit our obligations or liability to clients under a signed service agreement, which are governed by that agreement.",
      ],
    },
    {
      id: "indemnification",
      heading: "Indemnification",
      paragraphs: [
        `You agree to defend, indemnify and hold harmless ${legalName} and its owners, employees and agents from any claims, losses, liabilities, damages and costs, including reasonable attorneys' fees, arising from your breach of these terms or your misuse of the website.`,
      ],
    },
    {
      id: "governing-law",
      heading: "Governing law and disputes",
      paragraphs: [
        "These terms and any dispute arising out of or relating to them or the website are governed by the laws of the State of Indiana, without regard to its conflict-of-laws rules.",
        "You agree that any such dispute will be brought only in the state or federal courts located in Marion County, Indiana, and you consent to the personal jurisdiction of those courts. Disputes about client services are resolved as set out in the client's service agreement.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to these terms",
      paragraphs: [
        "We may update these terms from time to time. The effective date at the top of this page shows when they last changed. Changes apply from that date; if you keep using the website after a change, you accept the updated terms.",
      ],
    },
    {
      id: "general",
      heading: "General",
      paragraphs: [
        "If any part of these terms is found unenforceable, that part will be enforced to the extent possible and the rest will remain in effect. Our failure to enforce any part of these terms is not a waiver of our right to enforce it later. These terms, together with our Privacy Policy, are the entire agreement between you and us about the website; they do not replace any signed service agreement.",
      ],
    },
    {
      id: "contact",
      heading: "Contact us",
      paragraphs: ["Questions about these terms can be sent to us using the contact details below or through our contact page."],
    },
  ]),
};

export const privacyPage: LegalDocument = {
  title: "Privacy Policy",
  description: `How ${brand} collects, uses, stores and protects information from this website and its contact form, and how to exercise your privacy rights.`,
  heading: "Privacy Policy",
  effectiveDate: "2026-11-29",
  intro: `This Privacy Policy explains what personal information ${legalName} ("${brand}", "we", "us" or "our") collects through this website, why we collect it, who receives it and the choices you have. We collect little: what you type into the contact form, basic technical data needed to run and protect the website, and, only when your browser allows it, analytics about how pages are used.`,
  sections: seedSections([
    {
      id: "scope",
      heading: "What this policy covers",
      paragraphs: [
        "This policy applies to this website, its contact form and its staff sign-in area. It does not cover the data on our clients' systems that we handle while providing IT services. That data is processed under the client's master services agreement and, where applicable, a business associate agreement or data processing terms, and the client's own privacy notice governs it.",
        "Our Client Portal, Payment Portal and social media profiles may be run by third parties and have their own privacy notices.",
      ],
    },
    {
      id: "contact-form",
      heading: "Information you give us through the contact form",
      paragraphs: [
        "When you send the contact form, we collect the information you enter. Your name, work e-mail, company and message are required; the other fields are optional:",
      ],
      list: [
        "full name;",
        "work e-mail address;",
        "phone number;",
        "company name;",
        "company size, as a range;",
        "the service you are interested in;",
        "your message;",
        "how you heard about us (search engine, a referral from a client or partner, social media, an event, an advertisement or other);",
        "campaign parameters (utm_source, utm_medium and utm_campaign) from the web address you arrived on, if it had them, which tell us which advertisement, e-mail or website sent you to us;",
        "the page you first arrived on, and the name of the website whose link brought you (such as www.google.com, never the full address of the page you came from).",
      ],
    },
    {
      id: "how-we-use-form-information",
      heading: "Why we collect it and how we use it",
      paragraphs: [
        "We use the information from the contact form to reply to you, to understand your business and what you need, to prepare an assessment or proposal if you ask for one, and to keep a record of our conversation. We use your company size and service of interest to route your request to the right person, and the referral source and campaign parameters to learn which of our marketing works.",
        "We do not use your information for automated decisions that have legal or similar effects on you, and we do not add you to a marketing mailing list without your agreement. If we send you business e-mail after you contact us, you can ask us to stop at any time.",
        "Please do not include passwords, patient or health information, payment card numbers or other sensitive information in your message.",
      ],
    },
    {
      id: "storage-and-delivery",
      heading: "Where your submission goes",
      paragraphs: [
        "Each submission is stored in our website's database before the form tells you it was received, so that a request is not lost. A copy is then sent by e-mail to our sales team so that someone can respond. Within our company, access is limited to the sales staff and administrators who handle enquiries.",
        "Campaign parameters, the page you arrived on and the website that sent you are kept in your browser only for the length of your visit, so that they can be attached to a form you send during that visit.",
      ],
    },
    {
      id: "automatic-information",
      heading: "Information collected automatically",
      paragraphs: [
        "Like most websites, our servers receive technical information with every request: your IP address, browser and device type, the page requested, the referring page and the date and time. We use it to deliver pages, keep the website secure, diagnose faults and limit repeated or automated form submissions. We keep server logs only as long as needed for those purposes.",
        "Analytics information is collected only in the circumstances described in the next sections.",
      ],
    },
    {
      id: "analytics",
      heading: "Analytics",
      paragraphs: [
        "To learn which pages help visitors and whether the website is fast, we use Google Tag Manager and the analytics tools it loads. The tag manager is loaded only when it is configured for the website and your browser does not send a Global Privacy Control or Do Not Track signal. When it loads, it receives:",
      ],
      list: [
        "page views: the title and address of each page you view;",
        "clicks on phone and e-mail links: where on the page the link was, the page address and, for phone links, the number clicked;",
        "successful contact form submissions: the form type, the company name you entered, how you heard about us and the campaign parameters;",
        "performance measurements (Web Vitals): how quickly a page loads, how quickly it responds to your input and how much its layout shifts while loading.",
      ],
    },
    {
      id: "visit-statistics",
      heading: "Our own visit statistics",
      paragraphs: [
        'We also count visits ourselves, on our own servers, without cookies and without Google. While you browse, the page sends our server a short note of what happened: the page\'s address, without anything after a "?" or "#"; the name of the website that sent you here (such as www.google.com, never the full address of the page); the campaign labels in the address (utm_source, utm_medium, utm_campaign, utm_term, utm_content); whether your screen is phone, tablet or desktop sized; your browser\'s name (such as Chrome or Safari); where on the page you clicked a phone or e-mail link, but not the number or address; and how fast the page loaded and responded. When you send the contact form, our server itself notes that a request came in, but nothing you typed.',
        "To count visitors without knowing who they are, our server mixes your IP address with a random value that changes every day, and keeps only the scrambled code that comes out. Your IP address and your browser's full identification string are never stored, nothing is stored in your browser, and the random value of each day is deleted once the day is over, so visits on different days cannot be linked to each other or back to you.",
        "These statistics are deleted after 30 days; only daily totals remain, for 25 months (how many visits each page, referring site and campaign had that day), which cannot tell one visitor from another. They are not collected when your browser sends a Global Privacy Control or Do Not Track signal, on the staff pages or the sign-in page, or for search-engine robots and other automated visitors. They stay with us and are not shared with anyone.",
      ],
    },
    {
      id: "analytics-limits",
      heading: "What analytics never receives",
      paragraphs: [
        "The text of your message is never sent to analytics. Neither are your name, e-mail address or phone number from the contact form. We use analytics information in aggregate to improve the website and our marketing, not to build a profile of you.",
      ],
    },
    {
      id: "cookies",
      heading: "Cookies",
      paragraphs: [
        "Our website sets one cookie of its own: a strictly necessary session cookie that is created only when a staff member signs in. It keeps them signed in, cannot be read by scripts on the page and is deleted when they sign out or the session expires after inactivity. Visitors who do not sign in do not receive a cookie from us, and our own visit statistics use no cookie or other storage in your browser.",
        "When the tag manager loads, the analytics tools it uses may set their own cookies or similar technologies to tell visits apart and count returning visitors. If the tag manager does not load, these cookies are not set. You can also block or delete cookies in your browser settings; the public pages and the contact form work without them.",
      ],
    },
    {
      id: "global-privacy-control",
      heading: "Global Privacy Control and Do Not Track",
      paragraphs: [
        "If your browser sends a Global Privacy Control (GPC) signal or a Do Not Track signal, the tag manager is not loaded at all and our own visit statistics are not collected. No analytics cookies are set and none of the analytics information described above is sent from your visit. The rest of the website, including the contact form, works as usual.",
        "Where state law treats GPC as a request to opt out of the sale or sharing of personal information or of targeted advertising, we honor it as such. We do not do those things in any case, as explained in the next section.",
      ],
    },
    {
      id: "no-sale-or-sharing",
      heading: "We do not sell or share your personal information",
      paragraphs: [
        "We do not sell personal information, share it for cross-context behavioral advertising, or use it for targeted advertising. We do not rent or trade our contact lists. We disclose personal information only as described in the next section.",
      ],
    },
    {
      id: "service-providers",
      heading: "Service providers and other disclosures",
      paragraphs: [
        "We use service providers that process information on our behalf, under contracts that limit their use of it to the services they provide to us:",
      ],
      list: [
        "our hosting and database providers, which run the website and store contact form submissions and our own visit statistics;",
        "our e-mail provider, which delivers contact form notifications to our sales team and our replies to you;",
        "Google, which provides the tag manager and analytics tools, only when they load as described above.",
      ],
    },
    {
      id: "other-disclosures",
      heading: "When else we may disclose information",
      paragraphs: [
        "We may also disclose personal information when the law requires it, such as in response to a valid subpoena or court order; to protect the rights, property or safety of our company, our clients or others, including to investigate fraud or attacks on the website; and to a buyer or successor if our business is merged, sold or reorganized, in which case this policy continues to apply to the information transferred.",
      ],
    },
    {
      id: "retention",
      heading: "How long we keep information",
      paragraphs: [
        "We keep contact form submissions for as long as we need them to respond to you and to follow up on a possible business relationship. If you become a client, your enquiry becomes part of your client record and is kept for as long as that relationship and our legal and accounting obligations require. We delete or anonymize enquiries that did not lead to a relationship once they are no longer needed, and sooner if you ask us to.",
        "Staff account and session records are kept while the account is active and for as long as needed for security afterwards. Our own visit statistics are deleted after 30 days, and their daily totals, which identify no one, after 25 months. Analytics information collected through the tag manager is kept by the analytics tools under the retention settings we choose for them.",
      ],
    },
    {
      id: "security",
      heading: "How we protect information",
      paragraphs: [
        "We secure information as we would for our clients. The website is served over encrypted connections; access to contact form submissions is limited to authorized staff who must sign in; staff sessions use secure, http-only cookies and expire after inactivity; and our systems are patched and monitored.",
        "No method of transmission or storage is completely secure, so we cannot guarantee absolute security. If a breach affects your personal information, we will notify you as required by law.",
      ],
    },
    {
      id: "children",
      heading: "Children",
      paragraphs: [
        "This website is intended for businesses and is not directed to children. We do not knowingly collect personal information from children. If you believe a child has sent us personal information, contact us and we will delete it.",
      ],
    },
    {
      id: "your-privacy-rights",
      heading: "Your privacy rights",
      paragraphs: [
        "Residents of states with consumer privacy laws, such as California, Indiana, Tennessee and Kentucky, may have some or all of the following rights, depending on their state and on whether its law applies to us. We extend the same rights to every visitor, wherever they live:",
      ],
      list: [
        "to know whether we process your personal information and to get a copy of it;",
        "to correct inaccurate personal information;",
        "to delete personal information we hold about you;",
        "to receive your personal information in a portable format;",
        "to opt out of the sale of personal information, of targeted advertising and of profiling, which we do not do;",
        "not to be treated differently for using any of these rights;",
        "to appeal our decision if we decline your request.",
      ],
    },
    {
      id: "making-a-request",
      heading: "How to make a request",
      paragraphs: [
        "To make a request, contact us using the contact details below or through our contact page, and tell us what you are asking for. To protect your information, we will verify your identity, usually by confirming details you gave us through the contact form or by replying to the e-mail address we have on file. You may use an authorized agent, who must show us your written permission.",
        "We respond within the time the applicable law requires. If we decline your request, we will explain why and how to appeal. To appeal, reply to our decision and ask for a review; a different member of our team will review it and give you a written answer. If you remain unsatisfied, you may contact your state's attorney general.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      paragraphs: [
        "We may update this policy when our website, our service providers or the law changes. The effective date at the top of this page shows when it last changed. If we make a material change to how we use personal information, we will point it out on this page before the change takes effect.",
      ],
    },
    {
      id: "contact",
      heading: "Contact us",
      paragraphs: [
        `Questions about this policy or about your personal information can be sent to ${legalName} using the contact details below or through our contact page.`,
      ],
    },
  ]),
};
