/**
 * Copy for the 12 service pages, one record per slug. One template renders them all.
 * Names and one-line promises live in catalog.ts; business facts (phones, hours, offices) are the
 * `BusinessFacts` of config/site.ts. This module holds no contact details, prices or claims beyond
 * docs/requirements/public-site.md#content. The seed of the content studio: only ./seed.ts imports
 * it (loaders read the content service), so it stays out of the browser bundle.
 */
import type { ServicePage, ServiceSlug } from "./types";

export const servicePages: Record<ServiceSlug, ServicePage> = {
  "managed-it": {
    slug: "managed-it",
    title: "Managed IT Services in Indiana & Tennessee",
    description:
      "Managed IT for Indiana and Tennessee businesses: help desk, patching, monitoring and on-site support from local engineers, for one flat monthly fee.",
    headline: "Your IT department, for a flat monthly fee",
    intro:
      "Managed IT means we run your technology the way an in-house IT department would: help desk, patching, monitoring, backups and the calls to your other vendors. You pay one flat monthly fee, so a bad month does not mean a bigger bill. Our engineers work out of offices across Indiana and in Clarksville, Tennessee.",
    whoFor: [
      "Businesses of 10 to 250 people with no IT staff, or one person doing IT on top of another job",
      "Offices where the last IT person left and nobody knows the admin passwords",
      "Dental groups, law firms and accountants who lose a day's work when the practice software is down",
      "Owners tired of paying by the hour every time a laptop or printer fails",
    ],
    included: [
      {
        title: "A help desk that answers",
        text: "Staff call, email or open a ticket in the portal and reach an engineer who can see their machine. The help desk is open Mon-Fri 8AM-6PM EST, with 24/7 emergency support for managed clients.",
      },
      {
        title: "Patching on a schedule",
        text: "We patch every workstation and server within 72 hours of a security release. Updates go to a small test group first, and reboots happen after hours.",
      },
      {
        title: "Monitoring around the clock",
        text: "Servers, firewalls, switches and backup jobs report to our monitoring day and night. A failing drive or a full disk opens a ticket before anyone at your office notices.",
      },
      {
        title: "On-site visits when it needs hands",
        text: "When a problem cannot be fixed remotely, an engineer from the nearest office comes out. Qualified managed clients get someone on site within 4 hours.",
      },
      {
        title: "New hires and departures",
        text: "A new employee's laptop, email and software are ready on their first morning. When someone leaves, their access is cut off the same day and their mailbox is kept.",
      },
      {
        title: "Documentation you own",
        text: "Network diagrams, admin credentials, licenses, warranties and vendor contacts are recorded in one place and shared with you. If you ever leave us, it goes with you.",
      },
      {
        title: "One call for every vendor",
        text: "We deal with the internet provider, the copier company and your practice-management or ERP vendor, so your office manager does not spend the afternoon on hold.",
      },
      {
        title: "Quarterly reviews",
        text: "Every quarter a named account manager walks you through tickets, open risks and a replacement budget for aging hardware.",
      },
    ],
    outcomes: [
      "Staff get help from people who already know your setup",
      "An IT cost you can put in the budget and hold to",
      "Problems caught by monitoring before they stop work",
      "Written documentation of your network that belongs to you",
      "Laptops and servers replaced on a plan instead of the day they die",
    ],
    related: ["cybersecurity", "business-continuity", "cloud-services", "voip"],
    faqs: [
      {
        question: "How is managed IT priced?",
        answer:
          "A flat monthly fee based on the users and devices we support and the level of service you choose. Help desk calls, patching, monitoring and on-site visits for covered issues are included, so a normal problem never turns into an hourly bill. Projects such as a server replacement or an office move are quoted in writing before any work starts.",
      },
      {
        question: "How long does it take to switch to you?",
        answer:
          "It depends on how many people, devices and locations you have and how much is already documented. We start with an assessment, install monitoring, take over patching and collect every admin credential, following a written onboarding schedule you see before you sign. Your staff can call our help desk from the first day of onboarding.",
      },
      {
        question: "What if our current IT provider will not hand over passwords?",
        answer:
          "We handle that conversation for you. Where credentials never arrive, we recover the accounts through each vendor's own process with your written authorization. By the end of onboarding, your company owns every admin account.",
      },
      {
        question: "We already have one IT person. Is managed IT still right for us?",
        answer:
          "Co-managed IT may fit better: your person keeps the day-to-day work, and we add tools, after-hours coverage and senior engineers behind them. Some businesses start co-managed and move to fully managed later, or the other way round. We will tell you which makes sense after we see how your IT runs.",
      },
    ],
    cta: {
      title: "See what managed IT would look like for your office",
      text: "Tell us how many people you have and what is bothering you most. We will schedule an assessment and send a written plan with a flat monthly price.",
    },
  },

  "co-managed-it": {
    slug: "co-managed-it",
    title: "Co-Managed IT for In-House IT Teams",
    description:
      "Co-managed IT for companies with their own IT staff: shared tools, help desk overflow, senior engineers and after-hours coverage, split the way you decide.",
    headline: "Back up your IT team without replacing it",
    intro:
      "Co-managed IT is for businesses that already have IT staff. Your people keep the work they know best, and we add the tools, the after-hours coverage and the senior engineers that a team of one or two cannot carry alone. You decide where the line sits, and we write it down.",
    whoFor: [
      "Companies whose one or two IT staff are stretched thin",
      "Manufacturers and distributors with an IT manager and more than one site",
      "IT leads who want a second opinion on firewalls, Microsoft 365 or servers",
      "Teams that need someone to cover nights, sick days and vacations",
      "Businesses growing faster than they can hire IT people",
    ],
    included: [
      {
        title: "A written split of responsibilities",
        text: "We sit down with your IT staff and list who owns what: help desk tiers, patching, servers, network and security alerts. Both sides sign off, and we revisit it each quarter.",
      },
      {
        title: "Our tools, for your team",
        text: "Your staff get access to our remote monitoring, patching, documentation and ticketing platforms, so you do not buy and maintain them yourself.",
      },
      {
        title: "Help desk overflow",
        text: "Password resets, new printers and stuck Outlook calls can route to our help desk, leaving your staff free for projects.",
      },
      {
        title: "Senior engineers on call",
        text: "When your team hits a hard problem in networking, Microsoft 365, virtualization or security, they escalate to our engineers, who work the ticket with them, not around them.",
      },
      {
        title: "Nights, weekends and vacations",
        text: "Managed clients have 24/7 emergency support. Your IT manager can take a week off without carrying a phone to the lake.",
      },
      {
        title: "24/7 security monitoring",
        text: "Our SOC watches your endpoints and firewall logs around the clock. When something looks wrong, we call your team, or act first if you have told us to.",
      },
      {
        title: "Extra hands for projects",
        text: "A migration, a new site or a server refresh, carried out by our engineers to your team's plan and change rules.",
      },
    ],
    outcomes: [
      "Your IT staff spend their days on projects instead of password resets",
      "Nights, weekends and vacations covered without a new hire",
      "A second experienced set of eyes on every major change",
      "Tools your team could not justify buying for a company your size",
      "Coverage and documentation that stay if a key IT person leaves",
    ],
    related: ["managed-it", "cybersecurity", "it-consulting"],
    faqs: [
      {
        question: "Are you trying to replace our IT staff?",
        answer:
          "No. Co-managed works because your staff know your business better than any outside firm. We are there to take load off them and back them up, and the written split of responsibilities protects their role.",
      },
      {
        question: "Who is in charge when something breaks?",
        answer:
          "Whoever the written split says. Most teams keep the decisions on their side and hand us specific tasks, alerts or hours. During an outage our engineers work inside your team's ticket and follow your change rules.",
      },
      {
        question: "How is co-managed IT priced?",
        answer:
          "A monthly fee based on the users and devices we cover and the pieces you choose: tools only, tools and help desk, or tools, help desk and security monitoring. Projects are quoted separately. You can change the mix as your team changes.",
      },
      {
        question: "Can we move to fully managed IT later?",
        answer:
          "Yes. If your IT person leaves, or you want them on other work, we can take over the full scope. Because we already know your systems, it is a change to the agreement, not a fresh start.",
      },
    ],
    cta: {
      title: "Talk to us about where your team needs help",
      text: "Tell us the size of your IT team and what keeps them up at night. We will set up a call between one of our engineers and your IT lead to sketch the split.",
    },
  },

  "it-consulting": {
    slug: "it-consulting",
    title: "IT Consulting & Planning for Indiana Firms",
    description:
      "IT consulting for Indiana and Tennessee businesses: assessments, written roadmaps, budgets and projects like office moves and server replacements.",
    headline: "A plan for your technology, with the costs written down",
    intro:
      "IT consulting is for decisions bigger than a help desk ticket: a new office, a server at end of life, an acquisition, a move off an old phone system. We look at what you have, tell you plainly what needs to change and give you a written plan with costs and dates. If you want, we run the project too.",
    whoFor: [
      "Owners planning a move, an expansion or a second location",
      "Businesses with an old server, firewall or unsupported program that needs a decision",
      "Companies buying or merging with another business and joining two networks",
      "Leadership teams that want next year's IT budget before next year starts",
    ],
    included: [
      {
        title: "Technology assessment",
        text: "We inventory every device, account, license and vendor, test your backups and score your security. You get a report in plain language, not a raw scan.",
      },
      {
        title: "IT roadmap",
        text: "A ranked list of what to fix now, what can wait and what each step protects, with estimated costs by quarter.",
      },
      {
        title: "Budget and replacement planning",
        text: "A replacement schedule for laptops, servers and firewalls, and a forecast of license costs, so purchases happen on a plan rather than after a failure.",
      },
      {
        title: "Vendor and software selection",
        text: "We write the requirements, sit in on demos and check the fine print for practice-management, ERP, phone or security products. Then we tell you which we would pick and why.",
      },
      {
        title: "Project management",
        text: "Office moves, server replacements, cloud migrations and network rebuilds, run by a named project lead with a written plan, weekly updates and a cutover outside your busy hours.",
      },
      {
        title: "Acquisitions and new locations",
        text: "A look at the other company's IT before you sign, and a plan to bring email, accounts and networks together without losing a working day.",
      },
      {
        title: "Virtual CIO",
        text: "A standing meeting with a senior consultant who keeps the roadmap current with your leadership team and keeps technology on the agenda.",
      },
    ],
    outcomes: [
      "A written IT plan your leadership team can read and approve",
      "Hardware and software spending you can see a year ahead",
      "Projects with a written scope, a cutover date and a rollback plan",
      "Decisions based on facts about your systems, not a vendor's sales pitch",
    ],
    related: ["managed-it", "co-managed-it", "cloud-services", "business-application-development"],
    faqs: [
      {
        question: "Do we have to be a managed client to hire you for consulting?",
        answer:
          "No. A consulting engagement can be a one-time job: an assessment, an office move, a vendor selection. If you later want us to run your IT day to day, the assessment becomes the first step of onboarding.",
      },
      {
        question: "How is consulting priced?",
        answer:
          "An assessment or a defined project gets a fixed price, with the scope in writing before we start. Ongoing virtual CIO work is a monthly fee. You will not receive an hourly bill that grew without warning.",
      },
      {
        question: "What do we get at the end of an assessment?",
        answer:
          "A written report and a meeting to walk through it. The report lists what we found, ranks the risks and lays out a roadmap with costs. It is yours to keep, whether or not you hire us for the work.",
      },
      {
        question: "Can you work alongside our current IT provider?",
        answer:
          "Yes. We can hand the plan to your current provider or in-house staff to carry out and stay available for questions while they do. If something in place today puts you at risk, we will say so clearly and explain the fix.",
      },
    ],
    cta: {
      title: "Start with an assessment",
      text: "Tell us what decision is in front of you. We will scope an assessment, agree a fixed price and deliver a written report you keep.",
    },
  },

  cybersecurity: {
    slug: "cybersecurity",
    title: "Cybersecurity for Indiana & Tennessee Firms",
    description:
      "Cybersecurity for small and mid-size businesses: 24/7 SOC monitoring, endpoint protection, MFA, phishing training and incident response from local engineers.",
    headline: "Attacks caught in the night, not found on Monday morning",
    intro:
      "Attacks on small businesses usually start with a stolen password or a convincing email. We put protection on every device and account, train your staff to spot what slips through, and have a 24/7 security operations center (SOC) watching for the signs. When something looks wrong, an analyst isolates the machine first and calls you second.",
    whoFor: [
      "Businesses that hold patient, client, financial or employee records",
      "Companies whose cyber insurance form asked about MFA, EDR and backups",
      "Offices that have had a phishing scare, a hijacked mailbox or ransomware",
      "Firms with staff signing in from home networks and the road",
    ],
    included: [
      {
        title: "24/7 SOC monitoring",
        text: "Security analysts watch alerts from your computers, firewall and Microsoft 365 around the clock. A suspicious sign-in at 2 a.m. is looked at at 2 a.m.",
      },
      {
        title: "Endpoint detection and response",
        text: "EDR on every workstation and server, able to stop a malicious process and cut an infected machine off from the network in the moment.",
      },
      {
        title: "MFA on every account that matters",
        text: "We turn on multi-factor authentication for email, remote access and admin accounts, and help each employee set it up on their phone.",
      },
      {
        title: "Patching and vulnerability scans",
        text: "Every workstation is patched within 72 hours of a security release. A monthly scan of your network finds what is still exposed, and each finding is fixed or explained.",
      },
      {
        title: "Firewall and web filtering",
        text: "Managed firewalls kept on current firmware, with rules reviewed and known-bad sites blocked before a page loads.",
      },
      {
        title: "Security awareness training",
        text: "Short training for staff and simulated phishing emails, with a report of who clicked and who reported the message.",
      },
      {
        title: "Incident response",
        text: "If an attack gets through, we contain it, restore from clean backups, keep the evidence your insurer will want and help you through any notifications.",
      },
      {
        title: "Help with cyber insurance",
        text: "We help you answer underwriting questionnaires accurately and give you the documentation to back every answer.",
      },
    ],
    outcomes: [
      "Threats spotted and contained at any hour, not found days later",
      "Staff who recognize a phishing email and report it",
      "Insurance answers you can back up if you ever file a claim",
      "A response plan that makes an incident a bad day instead of a lost month",
      "A monthly report of what was blocked and what still needs fixing",
    ],
    related: ["it-compliance", "business-continuity", "email-communications", "managed-it"],
    faqs: [
      {
        question: "We are a small business. Are we really a target?",
        answer:
          "Yes, because most attacks are automated. Criminals send the same phishing email to long lists of companies and go after whoever clicks, and smaller offices are less likely to have anyone watching. Your size changes how much you can afford to lose, not whether you are attacked.",
      },
      {
        question: "Isn't antivirus enough?",
        answer:
          "Traditional antivirus looks for known bad files. Many attacks now use stolen passwords and ordinary admin tools, which antivirus does not flag. EDR and 24/7 monitoring watch behaviour instead, and a person decides what to do about it.",
      },
      {
        question: "What happens when the SOC finds something?",
        answer:
          "An analyst checks the alert. If it is real, they isolate the device or disable the account straight away, then call your named contact. Our engineers follow up to clean up, restore and find out how it got in.",
      },
      {
        question: "Can we buy cybersecurity without managed IT?",
        answer:
          "Yes. It works on its own, alongside your in-house IT staff or next to another provider. We agree in writing who acts on alerts and who gets called, day and night.",
      },
    ],
    cta: {
      title: "Find out where you are exposed",
      text: "Ask for a security assessment. We check your accounts, devices, email and backups, then show you what to fix first.",
    },
  },

  "it-compliance": {
    slug: "it-compliance",
    title: "HIPAA, PCI & NIST Compliance in Indiana",
    description:
      "We help Indiana and Tennessee businesses meet HIPAA, PCI DSS and NIST: gap assessments, technical controls, written policies and audit evidence kept current.",
    headline: "Audit-ready all year, not just the week before",
    intro:
      "HIPAA, PCI DSS, NIST and the rest come down to the same thing: protecting sensitive data and being able to prove it. We compare your systems with the framework that applies to you, put the technical controls in place and keep the evidence current, so an audit or a customer questionnaire means pulling a folder. We help you meet these frameworks; any formal attestation comes from your own auditor or assessor.",
    whoFor: [
      "Dental offices, clinics and other practices covered by HIPAA",
      "Retailers, restaurants and service businesses that take card payments under PCI DSS",
      "Manufacturers and contractors whose customers require NIST controls",
      "Accounting and law firms that need a written information security program",
      "Companies receiving security questionnaires that ask about SOC 2 Type II or ISO 27001",
    ],
    included: [
      {
        title: "Gap assessment",
        text: "We compare your systems and policies with your framework, control by control, and list what is missing in order of risk.",
      },
      {
        title: "Security risk analysis",
        text: "The documented risk analysis HIPAA requires, reviewed with you every year and again after major changes such as a new office or new software.",
      },
      {
        title: "Technical controls",
        text: "Encryption, MFA, access reviews, logging, patching and backups set up the way your framework describes, and checked to stay that way.",
      },
      {
        title: "Policies in plain language",
        text: "Written policies for access, passwords, incident response and acceptable use, adapted to how your office actually works.",
      },
      {
        title: "Evidence, filed as you go",
        text: "Patch reports, access reviews, backup test results and training records are collected every month and filed where your auditor can find them.",
      },
      {
        title: "Vendor and agreement tracking",
        text: "A list of every vendor that touches sensitive data, with business associate agreements or contracts on file and renewal dates noted.",
      },
      {
        title: "Staff training records",
        text: "Yearly security and compliance training for every employee, with completion records kept for each person.",
      },
      {
        title: "Audit and questionnaire support",
        text: "We sit with you during audits and help answer the security questionnaires your customers and insurers send.",
      },
    ],
    outcomes: [
      "A clear list of what your framework requires and where you stand",
      "Evidence on file before anyone asks for it",
      "Customer security questionnaires answered from documents you already have",
      "Policies your staff have read and can follow",
      "A yearly review that keeps you current as rules and systems change",
    ],
    related: ["cybersecurity", "business-continuity", "email-communications", "it-consulting"],
    faqs: [
      {
        question: "Can you make us HIPAA certified?",
        answer:
          "There is no official HIPAA certification, for any business. What exists is compliance: doing what the Security Rule requires and being able to show it. We put the controls and records in place and help you keep them current.",
      },
      {
        question: "Do we need SOC 2 or ISO 27001?",
        answer:
          "Usually only when a customer or partner asks for it. Both are formal audits carried out by independent firms, and they take planning. We help you build and run the controls those audits examine and prepare the evidence your auditor will request.",
      },
      {
        question: "How long does it take to become compliant?",
        answer:
          "It depends on the framework and how much is already in place. The gap assessment answers that question with a dated plan. The highest risks are closed first, and the paperwork follows the technical work.",
      },
      {
        question: "How is compliance support priced?",
        answer:
          "The gap assessment is a fixed price. Ongoing support is a monthly fee that depends on the framework and the size of your environment, and for managed clients much of the technical work is already covered. You get the number in writing before we start.",
      },
      {
        question: "We already have an audit finding. Can you help?",
        answer:
          "Send us the finding. We will tell you what it takes to fix, do the technical work and document the remediation, so you can show your auditor it is closed.",
      },
    ],
    cta: {
      title: "Find out where you stand",
      text: "Tell us which framework applies to you, or which customer is asking. We will schedule a gap assessment and give you a ranked plan.",
    },
  },

  "cloud-services": {
    slug: "cloud-services",
    title: "Microsoft 365 & Cloud Services in Indiana",
    description:
      "Microsoft 365, Azure and AWS planned, migrated after hours and managed month to month for businesses across Indiana, Tennessee and nearby states.",
    headline: "Move to the cloud without losing a day of work",
    intro:
      "Cloud services cover Microsoft 365, Azure and AWS: the places your email, files and business applications can live. We plan the move, migrate your data after hours, set up security and permissions properly, then manage it month to month. Your staff reach their work from the office, from home or on the road, and the aging server in the back closet can finally retire.",
    whoFor: [
      "Offices with an old file server or Exchange server near end of life",
      "Businesses with staff in several locations or working from home",
      "Companies that moved to Microsoft 365 in a hurry and never set it up properly",
      "Teams running business software that could move to Azure or AWS",
    ],
    included: [
      {
        title: "Cloud readiness review",
        text: "We look at each server and application and tell you what should move, what should stay and what should be retired, with the costs of both paths side by side.",
      },
      {
        title: "Microsoft 365 setup and cleanup",
        text: "Licenses matched to what people use, MFA and sign-in policies turned on, and SharePoint and Teams organized so staff can find files.",
      },
      {
        title: "Migrations done after hours",
        text: "Email, file shares and servers moved in planned stages over evenings and weekends, with a pilot group first and everyone else after it checks out.",
      },
      {
        title: "Azure and AWS hosting",
        text: "Virtual servers, networks and storage built to a written design, with admin access locked down and costs tagged by department or location.",
      },
      {
        title: "Backup of your cloud data",
        text: "Microsoft 365 mail, OneDrive, SharePoint and Teams backed up to a separate service, because deleted and encrypted files sync like any other change.",
      },
      {
        title: "License and spend reviews",
        text: "A monthly review of subscriptions and cloud bills, so you stop paying for the mailbox of someone who left last spring.",
      },
      {
        title: "Day-to-day management",
        text: "Patching, monitoring, user changes and support for your cloud systems, handled by the same help desk as the rest of your IT.",
      },
    ],
    outcomes: [
      "Staff reach files and email securely from anywhere",
      "No more server hardware to replace in the back room",
      "Cloud bills that match what you actually use",
      "A copy of your Microsoft 365 data kept outside Microsoft",
      "Folder permissions that make sense: the right people see the right files",
    ],
    related: ["email-communications", "business-continuity", "cybersecurity", "managed-it"],
    faqs: [
      {
        question: "Is the cloud cheaper than keeping our own server?",
        answer:
          "Sometimes. You trade a hardware purchase every few years for a monthly subscription and stop paying to power, cool and maintain a server. Our readiness review compares both for your situation, and we will tell you when keeping a server is the better answer.",
      },
      {
        question: "Will we lose email or files during the migration?",
        answer:
          "We copy data ahead of time, switch over outside business hours and keep the old system available until you confirm everything arrived. Staff come in the next morning to the same folders and mail, with a short how-to sheet and our help desk on hand.",
      },
      {
        question: "Doesn't Microsoft already back up our data?",
        answer:
          "Microsoft keeps the service running, but a deleted folder or a file encrypted by ransomware is treated like any other change and is only recoverable for a limited time. A separate backup lets us restore a mailbox or folder from long after that window closes.",
      },
      {
        question: "Azure or AWS: which should we use?",
        answer:
          "It depends on your applications and your team. If you already run Microsoft 365 and Windows servers, Azure is often the simpler fit. We recommend one based on what you run, and write down why.",
      },
    ],
    cta: {
      title: "Plan your move",
      text: "Tell us what runs on your server today and where your staff work. We will come back with a readiness review and a migration plan with dates.",
    },
  },

  "email-communications": {
    slug: "email-communications",
    title: "Business Email & Phishing Protection",
    description:
      "Business email that reaches inboxes: Microsoft 365 or Google Workspace set up, SPF, DKIM and DMARC fixed, phishing filtered and every message archived.",
    headline: "Email that arrives, and phishing that does not",
    intro:
      "Email is where your customers reach you, and where many attacks begin. We set up and manage business email on Microsoft 365 or Google Workspace, make sure your messages land in inboxes instead of spam folders, filter out phishing and malware, and keep an archive of every message for as long as you need it.",
    whoFor: [
      "Businesses whose quotes and invoices keep landing in customers' spam folders",
      "Offices still on a web host's mailboxes or an old Exchange server",
      "Firms that must keep email for legal, HIPAA or financial record-keeping",
      "Anyone who has had a mailbox taken over or a fake invoice sent in their name",
    ],
    included: [
      {
        title: "Mailboxes set up and moved",
        text: "Microsoft 365 or Google Workspace mailboxes, shared mailboxes and distribution lists, migrated from your old system with calendars and contacts.",
      },
      {
        title: "Deliverability records",
        text: "SPF, DKIM and DMARC configured and monitored for your domain, so receiving servers trust your mail and reject forgeries of it.",
      },
      {
        title: "Phishing and malware filtering",
        text: "Incoming mail is checked for malicious links, attachments and lookalike senders. Suspicious messages go to quarantine, where staff cannot click them.",
      },
      {
        title: "A report button in Outlook",
        text: "One click sends a suspicious message to our team. We review it and pull the same message out of every other mailbox in your company.",
      },
      {
        title: "Encrypted email",
        text: "Send patient records, tax documents and legal files encrypted, either with one click or automatically by rule.",
      },
      {
        title: "Archiving and retention",
        text: "Every message kept in a searchable archive for the retention period you set, so a deleted email is still there for an audit or a dispute.",
      },
      {
        title: "Account protection",
        text: "MFA on every mailbox, alerts on unusual sign-ins and new forwarding rules, and a fast lockdown if an account is compromised.",
      },
    ],
    outcomes: [
      "Quotes and invoices that reach your customers' inboxes",
      "Fewer phishing emails reaching staff, and a fast way to report the ones that do",
      "Your domain protected from being used in fake invoices",
      "Old messages found by search when a dispute or audit comes up",
    ],
    related: ["cloud-services", "cybersecurity", "it-compliance", "voip"],
    faqs: [
      {
        question: "Why do our emails go to spam?",
        answer:
          "Usually because your domain's SPF, DKIM and DMARC records are missing or wrong, or because a system like your website or invoicing software sends mail in your name without being listed. We find every service that sends as your domain and fix the records. Then we watch the DMARC reports to catch new problems.",
      },
      {
        question: "Do we keep our email addresses if we switch systems?",
        answer:
          "Yes. Your addresses stay the same; only the system behind them changes. We move mail, calendars and contacts ahead of time and switch over outside business hours.",
      },
      {
        question: "What happens if someone clicks a phishing link?",
        answer:
          "Report it to us straight away, or use the report button. We reset the password, end active sessions, remove any forwarding rules the attacker added and check what mail was sent from the account. Then we tell you plainly what was affected.",
      },
      {
        question: "How long should we keep email?",
        answer:
          "It depends on your industry and your attorney's advice; a medical practice, an accounting firm and a manufacturer will each have a different answer. We set the retention period you choose and make sure messages cannot be quietly deleted before it ends.",
      },
    ],
    cta: {
      title: "Get your email checked",
      text: "Tell us your domain and what is going wrong. We will review your mail setup and deliverability records and show you what to fix.",
    },
  },

  voip: {
    slug: "voip",
    title: "VoIP Business Phone Systems in Indiana",
    description:
      "Cloud VoIP phone systems for Indiana and Tennessee businesses: keep your numbers, ring desk and mobile together, and make changes with a single ticket.",
    headline: "A phone system that rings wherever your people are",
    intro:
      "VoIP replaces your old phone system with cloud phone service that runs over your internet connection. The desk phone, a mobile app and a laptop softphone all ring on the same extension, so calls reach people at the front desk, at home or on a job site. We move your existing numbers, set up the call flows and support the system after go-live.",
    whoFor: [
      "Offices with an aging phone system nobody can find parts for",
      "Businesses with several locations that should work as one phone system",
      "Practices and firms where a missed call is a missed patient or client",
      "Teams that split their time between the office, home and the road",
    ],
    included: [
      {
        title: "Number porting",
        text: "We move your main number, direct lines and fax numbers, so customers keep calling the numbers they already know.",
      },
      {
        title: "Call flow design",
        text: "Auto attendant, ring groups, business-hours and holiday routing, and overflow to voicemail or another office, set up to match how your front desk answers today.",
      },
      {
        title: "Desk phones, apps and softphones",
        text: "Desk phones arrive configured and ready to plug in, and staff get mobile and desktop apps that ring on their own extension anywhere.",
      },
      {
        title: "Network readiness",
        text: "We test your internet connection and set your firewall and switches to put voice first, so calls stay clear while someone uploads a large file.",
      },
      {
        title: "Voicemail to email and call recording",
        text: "Voicemails arrive in the inbox as audio attachments. Calls can be recorded where your industry and state law allow it.",
      },
      {
        title: "Calling inside Microsoft Teams",
        text: "If your staff live in Teams, we can connect your phone numbers to it so they make and take calls there.",
      },
      {
        title: "Outage routing",
        text: "If an office loses power or internet, calls ring through to mobile apps or another location instead of a dead line.",
      },
      {
        title: "Changes by ticket",
        text: "New extension, new greeting, moved desk: call or open a ticket and our help desk handles it. There is no separate phone vendor to chase.",
      },
    ],
    outcomes: [
      "Calls reach the right person at the desk, at home or on the road",
      "One phone system across every location, with transfers between them",
      "The numbers your customers know, kept",
      "Changes made through a ticket instead of a service truck",
      "Calls still answered when an office loses power or internet",
    ],
    related: ["email-communications", "cloud-services", "audio-visual", "managed-it"],
    faqs: [
      {
        question: "Can we keep our phone numbers?",
        answer:
          "Yes. We port your main line and direct numbers, and usually your fax line too. Porting needs coordination with your current carrier, so we schedule the switch for a date you choose and keep the old service live until the new one is answering.",
      },
      {
        question: "Will calls sound good enough over the internet?",
        answer:
          "On a properly set up network, yes. Before anything changes we test your connection and configure your firewall to give voice traffic priority. If your connection is not up to it, we tell you before you buy, not after.",
      },
      {
        question: "What happens if our internet goes down?",
        answer:
          "The phone system lives in the cloud, not in your office, so it keeps answering. Calls go to mobile apps, another location or voicemail by rules we set up with you. A second internet connection is also an option for offices that cannot be without desk phones.",
      },
      {
        question: "How is VoIP priced?",
        answer:
          "A monthly fee per user or extension, with desk phones either bought outright or included in the monthly fee. Porting and setup are quoted up front. We will put it next to your current phone bill, line by line.",
      },
    ],
    cta: {
      title: "Price out a new phone system",
      text: "Send us a recent phone bill and a rough count of phones and locations. We will design your call flow and quote it against what you pay now.",
    },
  },

  "access-control": {
    slug: "access-control",
    title: "Door Access Control Systems in Indiana",
    description:
      "Badge and mobile door access for offices, clinics and plants: designed, installed and managed from the cloud, with a log of every entry and denied attempt.",
    headline: "Know who came through which door, and when",
    intro:
      "Access control replaces metal keys with badges, fobs or phones. Each person can open the doors they need during the hours they need, a lost badge is switched off from a browser, and every entry is logged. We design, install and manage the system, and tie it to your staff list so it stays current.",
    whoFor: [
      "Offices that re-key the locks every time someone leaves with a key",
      "Medical and dental practices that restrict records rooms and medication storage",
      "Manufacturers and warehouses with shift workers, loading docks and restricted areas",
      "Businesses with several sites that want every door managed from one place",
      "Companies that need an entry log for an insurer, an auditor or an incident report",
    ],
    included: [
      {
        title: "Site walk and design",
        text: "We walk every door with you, note the frames, wiring and fire-code requirements, and recommend which doors need readers and which do not.",
      },
      {
        title: "Readers, locks and controllers",
        text: "Badge, fob and mobile readers, electric strikes or maglocks, and door controllers, installed and wired with hardware matched to each opening.",
      },
      {
        title: "Cloud management",
        text: "Add a new hire, change a schedule or cancel a lost badge from a browser or phone, for any door at any location.",
      },
      {
        title: "Schedules and access levels",
        text: "Front door unlocked during business hours, server room open to IT only, warehouse open for second shift. Each rule is written down and reviewed with you.",
      },
      {
        title: "Entry logs and alerts",
        text: "A record of every badge use and every denied attempt, with alerts when a door is propped or forced open.",
      },
      {
        title: "Camera integration",
        text: "Where you have cameras, each entry can be linked to the footage from the same moment.",
      },
      {
        title: "Tied to offboarding",
        text: "When we disable a departing employee's computer accounts, their badge is switched off in the same step.",
      },
    ],
    outcomes: [
      "No more re-keying when someone leaves",
      "Door access removed the same day an employee departs",
      "A searchable log of who opened which door and when",
      "Sensitive rooms open only to the people who need them",
    ],
    related: ["managed-it", "cybersecurity", "it-compliance", "audio-visual"],
    faqs: [
      {
        question: "Can you reuse our existing doors and readers?",
        answer:
          "Often, at least in part. During the site walk we check which door hardware, wiring and readers can stay. You get a list of what stays and what gets replaced before you approve anything.",
      },
      {
        question: "What happens if the internet or power goes out?",
        answer:
          "The door controllers store their access rules locally, so badges keep working without internet and the log catches up when the connection returns. During a power loss, each door locks or unlocks as fire code requires for that opening. We go through every door's behaviour with you at design time.",
      },
      {
        question: "Can staff use their phones instead of badges?",
        answer:
          "Yes. The readers we install accept phones alongside cards and fobs. Staff who would rather not put an app on a personal phone can keep a badge.",
      },
      {
        question: "How is access control priced?",
        answer:
          "Hardware and installation are quoted per door after the site walk. Cloud management and support are a monthly fee per door or per site. The quote shows both, so you can see the full cost over time.",
      },
    ],
    cta: {
      title: "Schedule a site walk",
      text: "Tell us how many doors and locations you have. We will walk the building with you and quote only the doors that need readers.",
    },
  },

  "audio-visual": {
    slug: "audio-visual",
    title: "Conference Room Audio Visual in Indiana",
    description:
      "Conference room audio visual for Indiana offices: displays, cameras and microphones for Teams or Zoom, installed and supported by local engineers.",
    headline: "Meetings that start on time, where everyone can see and hear",
    intro:
      "Audio visual covers the rooms where your people meet: conference rooms, training rooms, lobbies and break rooms. We design and install displays, cameras, microphones and speakers that work with Microsoft Teams, Zoom or Google Meet, so a meeting starts with one touch and remote attendees hear everyone at the table. Then we support the room like any other part of your network.",
    whoFor: [
      "Offices where every video call starts with someone hunting for the right cable",
      "Law firms and accountants that meet clients or take testimony over video",
      "Companies with a boardroom, a training room or an all-hands space",
      "Lobbies and break rooms that need digital signage",
    ],
    included: [
      {
        title: "Room design",
        text: "We measure the room, check sightlines and echo, and choose display size and camera and microphone placement so everyone is seen and heard.",
      },
      {
        title: "Video conferencing systems",
        text: "Teams Rooms or Zoom Rooms systems, or a simple bring-your-own-laptop setup, chosen for how each room is actually used.",
      },
      {
        title: "One-touch join",
        text: "Meetings booked on the room's calendar appear on a touch panel at the table. Tap to join: no remotes, no laptop to connect.",
      },
      {
        title: "Microphones and speakers",
        text: "Ceiling or table microphones that cover the whole table and speakers set for the room, so remote attendees stop asking people to repeat themselves.",
      },
      {
        title: "Wireless presenting",
        text: "Staff and visitors share a laptop screen to the display without a cable or an adapter.",
      },
      {
        title: "Digital signage",
        text: "Lobby and break room displays showing schedules, announcements and safety notices, updated from a browser.",
      },
      {
        title: "Clean installation",
        text: "Wall mounts, in-wall cabling and a tidy equipment rack, installed after hours when the room cannot be spared during the day.",
      },
      {
        title: "Monitoring and support",
        text: "Room systems are monitored with your other devices, firmware is kept current, and the help desk can rescue a stuck meeting remotely.",
      },
    ],
    outcomes: [
      "Meetings that start on time with one touch",
      "Remote attendees who can see and hear everyone in the room",
      "Rooms that work the same way every time, so anyone can run a meeting",
      "AV problems handled by the same help desk as the rest of your IT",
    ],
    related: ["voip", "cloud-services", "managed-it", "access-control"],
    faqs: [
      {
        question: "We use Teams and our clients use Zoom. Can one room handle both?",
        answer:
          "Yes. Current room systems run one platform natively and can join the other's meetings as a guest, or we set up a laptop-based room that runs whatever the meeting needs. We recommend the approach based on the platform you use most.",
      },
      {
        question: "Can you reuse the TV we already have?",
        answer:
          "Often, if it is big enough for the room and has the inputs we need. We will tell you during the room survey. The camera and microphones usually make more difference to a meeting than the screen does.",
      },
      {
        question: "How long does an installation take?",
        answer:
          "A typical conference room is installed in a day once the equipment arrives. Larger rooms with ceiling microphones or new in-wall cabling take longer. We schedule the work so you do not lose the room during a busy week.",
      },
      {
        question: "Who do we call when the room stops working?",
        answer:
          "Our help desk, the same as for any other IT problem. Because we monitor the room systems, we may already be working on it. If it needs hands, an engineer from the nearest office comes out.",
      },
    ],
    cta: {
      title: "Fix your worst meeting room first",
      text: "Tell us about the room that gives you the most trouble. We will survey it and send a design and quote for that room.",
    },
  },

  "business-continuity": {
    slug: "business-continuity",
    title: "Backup & Disaster Recovery in Indiana",
    description:
      "Backup and disaster recovery with quarterly restore tests, off-site copies ransomware cannot touch, and a written recovery plan built for your business.",
    headline: "Back in business after a fire, a flood or ransomware",
    intro:
      "Business continuity is what happens after the bad day: a dead server, a ransomware attack, a burst pipe over the server closet. We back up your servers, cloud data and key workstations, keep copies off site, test restores every quarter and write a recovery plan your team can follow. When you need it, our engineers run the recovery with you.",
    whoFor: [
      "Businesses whose backups have never been tested, or whose only backup is a USB drive",
      "Practices and firms that cannot see patients or bill clients without one key system",
      "Manufacturers and distributors where a day of downtime stops shipping",
      "Companies whose insurer or auditor asks for a written disaster recovery plan",
    ],
    included: [
      {
        title: "Full image backups of servers",
        text: "Whole-system backups of each server, taken throughout the day, so we can bring back an entire machine and not just its files.",
      },
      {
        title: "Off-site copies that cannot be changed",
        text: "A copy of every backup kept in a separate data center, locked against changes and deletion for a set period, so ransomware cannot encrypt it too.",
      },
      {
        title: "Microsoft 365 backup",
        text: "Mail, OneDrive, SharePoint and Teams backed up to a separate service, with restores of a single message or a whole mailbox.",
      },
      {
        title: "Quarterly restore tests",
        text: "Every quarter we restore a server and a sample of files from backup, check that they open, and send you the result.",
      },
      {
        title: "Daily backup checks",
        text: "Every backup job is checked each day. A failed job opens a ticket and gets fixed, not just logged.",
      },
      {
        title: "Recovery targets you agree to",
        text: "We settle with you how much data each system can afford to lose and how fast it must be back, then design the backups to meet those targets.",
      },
      {
        title: "A written recovery plan",
        text: "Who to call, which systems come back first, where staff work if the building is unusable, and who tells customers. Stored where you can reach it when the network is down.",
      },
      {
        title: "A yearly recovery exercise",
        text: "Once a year we walk your leadership through a realistic scenario and, where possible, start key servers from backup to prove they boot.",
      },
    ],
    outcomes: [
      "Backups you know work, because they are tested every quarter",
      "A copy of your data that ransomware cannot reach",
      "A written plan that says who does what on the worst day",
      "Recovery targets agreed in advance, not guessed during an outage",
      "Proof of tested backups for your insurer and auditor",
    ],
    related: ["cybersecurity", "cloud-services", "managed-it", "it-compliance"],
    faqs: [
      {
        question: "We already have backups. Why do we need more?",
        answer:
          "Having backups and being able to restore from them are different things. It is common to find backup jobs that stopped running long ago, or that skip the one database that matters. We start by testing what you have, so you know for certain where you stand.",
      },
      {
        question: "How quickly can you get us running after a failure?",
        answer:
          "It depends on the system and the targets we agree with you. With image backups, a failed server can often run from its backup while the hardware is repaired or replaced. The recovery plan lists the expected time for each system, so you know before anything happens.",
      },
      {
        question: "What is the difference between backup and business continuity?",
        answer:
          "Backup is a copy of your data. Business continuity is the plan for keeping the business going: which systems come back first, where people work, how customers are told and who makes the calls. We provide both, and the plan is written around your business.",
      },
      {
        question: "Does this protect us from ransomware?",
        answer:
          "It gives you a way back. Off-site copies locked against changes cannot be encrypted or deleted by an attacker inside your network. Paired with our cybersecurity service, the aim is to stop the attack before it spreads and restore clean data if it does.",
      },
    ],
    cta: {
      title: "Test your backups with us",
      text: "Tell us what you back up today and how. We will test a restore, show you the result and recommend what to change.",
    },
  },

  "business-application-development": {
    slug: "business-application-development",
    title: "Custom Business App Development in Indiana",
    description:
      "Custom business applications and integrations that connect your accounting, CRM and ERP, so staff enter data once. You own the code, and we support it.",
    headline: "Software that fits the way your business already works",
    intro:
      "Sometimes the right software does not exist, or the software you have does not talk to the rest. We build custom web applications, internal tools and integrations between the systems you already pay for, so your staff stop typing the same order into three places. You own the code, and we support it after launch.",
    whoFor: [
      "Businesses that retype data between accounting, CRM, ERP or dispatch software",
      "Teams running a key process on a spreadsheet only one person understands",
      "Companies with an old Access database or in-house program nobody can maintain anymore",
      "Owners who want a customer or vendor portal instead of email and phone tag",
    ],
    included: [
      {
        title: "Discovery with the people who do the work",
        text: "We sit with the staff who run the process, map it step by step and agree in writing what the software must do before any code is written.",
      },
      {
        title: "Integrations between systems",
        text: "Your accounting system, Microsoft 365, CRM, ERP or line-of-business software connected through their APIs, so data entered once shows up everywhere it is needed.",
      },
      {
        title: "Custom web applications",
        text: "Internal tools, customer portals and forms that work on a phone, built around your process and hosted in your own Microsoft 365 or cloud account.",
      },
      {
        title: "Workflow automation",
        text: "Approvals, notifications and reports that run on their own, using Power Automate or custom code depending on the job.",
      },
      {
        title: "Replacing old programs",
        text: "Data and logic moved out of aging Access databases, spreadsheets and unsupported programs into something maintained and backed up.",
      },
      {
        title: "Security from the start",
        text: "Sign-in with your existing Microsoft accounts, permissions by role, and code reviewed and tested before each release.",
      },
      {
        title: "Code and documentation you own",
        text: "The source code lives in a repository under your account, with documentation another developer could pick up.",
      },
      {
        title: "Support after launch",
        text: "Fixes, updates and small changes under a support agreement, requested through the same help desk as the rest of your IT.",
      },
    ],
    outcomes: [
      "Data entered once instead of retyped across systems",
      "Processes that no longer depend on one person's spreadsheet",
      "Fewer errors from copying and pasting between screens",
      "Software you own, documented and supported",
    ],
    related: ["it-consulting", "cloud-services", "managed-it"],
    faqs: [
      {
        question: "How do you price a custom project?",
        answer:
          "Discovery is a small fixed-price engagement of its own. After it, you get a fixed price for a defined first version, with the scope in writing, and any changes are quoted before we make them. Ongoing support is a monthly fee.",
      },
      {
        question: "Should we build something or buy off-the-shelf software?",
        answer:
          "Buy when a product already does the job; it usually costs less and someone else maintains it. Build when your process is what sets you apart, or when the gap is between two systems rather than inside one. Discovery tells you which side of that line you are on.",
      },
      {
        question: "Who owns the code?",
        answer:
          "You do. It is kept in a repository under your account, with documentation and everything needed to deploy it. If you ever want another developer to take over, they can.",
      },
      {
        question: "How long does a project take?",
        answer:
          "A single integration may take a few weeks; a portal or a full application takes longer. We break larger projects into releases so staff start using part of it early, and we agree a date for each release up front.",
      },
    ],
    cta: {
      title: "Tell us which process wastes the most time",
      text: "Describe where your staff retype data or work around your software. We will set up a discovery call and tell you whether a build, an integration or an off-the-shelf product fits.",
    },
  },
};
