/**
 * Industry page copy: one record per industry slug, rendered by the single industry template.
 * Names and one-line summaries live in catalog.ts; claims and contact details are business facts.
 * Frameworks named here are ones we help clients meet, not certifications we hold. The seed of the
 * content studio (./seed.ts, its only importer).
 */
import type { IndustryPage, IndustrySlug } from "./types";

export const industryPages: Record<IndustrySlug, IndustryPage> = {
  "small-medium-business": {
    slug: "small-medium-business",
    title: "IT Support for Small & Medium Businesses",
    description:
      "Managed IT for 10 to 250 person companies in Indiana and Tennessee: a help desk that answers, tested backups, security that holds and a flat monthly fee.",
    headline: "An IT department for businesses too busy to run one",
    intro:
      "Most companies our size do not have an IT person. They have an office manager, an owner or a helpful employee who fixes things between their real jobs. We take that work off their desk: we run your computers, network, email, phones and security for a flat monthly fee, and we answer when something breaks.",
    challenges: [
      {
        title: "IT is somebody's side job",
        text: "The person who knows computers gets pulled off their own work every time the printer jams or a password expires. Nothing gets written down, and when they leave, the knowledge goes with them.",
      },
      {
        title: "Backups nobody has tested",
        text: "There is a backup drive or a cloud sync, but nobody knows if it restores, how long it would take, or whether it covers the files that matter.",
      },
      {
        title: "Insurance forms you can't answer",
        text: "Cyber-insurance renewals now ask about multi-factor sign-in, endpoint protection, patching and offline backups. Guessing on that form can cost you the claim later.",
      },
      {
        title: "Costs that arrive as surprises",
        text: "Emergency repairs, licenses for people who left years ago, and a server that dies without warning. Without a plan, IT spending is whatever broke this month.",
      },
    ],
    howWeHelp: [
      {
        title: "A help desk that answers",
        text: "Your staff call, email or open a ticket and reach an engineer who knows your setup. Managed clients reach us 24/7 for emergencies, and qualified managed clients get an engineer on site within 4 hours.",
      },
      {
        title: "Everything written down",
        text: "We document every device, account, license and password vault entry. The knowledge belongs to your business, not to one person.",
      },
      {
        title: "Backups we restore on purpose",
        text: "We back up servers, Microsoft 365 or Google Workspace and key workstations, then test restores on a schedule and show you the results.",
      },
      {
        title: "Security sized for your company",
        text: "Multi-factor sign-in, managed endpoint protection, email filtering, staff phishing training and 24/7 SOC monitoring: the controls insurers ask for, in place and documented.",
      },
      {
        title: "A roadmap with costs",
        text: "Each quarter we review what changed and what is coming: hardware to replace, licenses to drop, projects to plan. You budget for the year instead of reacting to it.",
      },
    ],
    regulations: ["PCI DSS", "NIST Cybersecurity Framework", "Cyber-insurance requirements"],
    services: ["managed-it", "cybersecurity", "cloud-services", "voip", "business-continuity"],
    faqs: [
      {
        question: "We only have a handful of computers. Are we too small for managed IT?",
        answer:
          "No. Small offices often need it most, because there is nobody else to call. We size the plan to the people and devices you have and grow it when you do.",
      },
      {
        question: "What does the flat monthly fee cover?",
        answer:
          "Help desk support, monitoring, patching, security tools, backup management and the regular reviews that keep your roadmap current. Projects such as a new office build-out or a server replacement are quoted separately and agreed before any work starts.",
      },
      {
        question: "We already have someone who handles IT. Do we have to replace them?",
        answer:
          "No. Many clients keep their in-house person and add us for the help desk, security tools and after-hours coverage. That is our Co-Managed IT service, and your person stays in charge.",
      },
      {
        question: "Can you help us answer our cyber-insurance questionnaire?",
        answer:
          "Yes. We put the controls insurers ask about in place, such as multi-factor sign-in, endpoint protection and tested backups, and we help you answer the form truthfully with evidence to back it up.",
      },
    ],
    cta: {
      title: "Find out where your IT stands",
      text: "Tell us how many people and locations you have and what keeps breaking. We will walk through your setup and show you what we would fix first, in plain language.",
    },
  },

  healthcare: {
    slug: "healthcare",
    title: "Healthcare IT Support and HIPAA Security",
    description:
      "IT support for medical, dental and behavioral health practices: EHR uptime, HIPAA security risk analysis, protected patient data and phones that answer.",
    headline: "Keep the schedule moving and patient data protected",
    intro:
      "A clinic cannot wait for its computers. When the EHR is slow or the phones are down, patients sit in the waiting room and staff fall back to paper. We support medical, dental, therapy and behavioral health practices across Indiana and Tennessee, and we help you meet HIPAA without turning the front desk into a compliance office.",
    challenges: [
      {
        title: "The EHR is the whole day",
        text: "Scheduling, charting, imaging, e-prescribing and billing all depend on one system and the network under it. A slow workstation at check-in backs up every appointment after it.",
      },
      {
        title: "Ransomware targets practices",
        text: "Attackers know a clinic that cannot see its charts will feel pressure to pay. A single phishing email can lock the EHR, the imaging server and the backups on the same network.",
      },
      {
        title: "HIPAA asks for proof",
        text: "The HIPAA Security Rule expects a documented risk analysis, access controls, audit logs and a plan for emergencies. Many practices have the policies in a binder but not the controls on their systems.",
      },
      {
        title: "Too many vendors, nobody in charge",
        text: "The EHR vendor, the imaging vendor, the phone company and the internet provider each blame the others when something fails, and the office manager is left in the middle.",
      },
    ],
    howWeHelp: [
      {
        title: "We sign a business associate agreement",
        text: "Before we touch systems that hold patient data, we sign a BAA, and we handle electronic protected health information the way HIPAA requires.",
      },
      {
        title: "A security risk analysis you can use",
        text: "We assess your systems against the HIPAA Security Rule, explain each gap in plain language and fix them in order of risk. You keep the report for your records.",
      },
      {
        title: "Locked-down access to charts",
        text: "Unique logins for every staff member, multi-factor sign-in, automatic screen locks, encrypted laptops and prompt removal of access when someone leaves.",
      },
      {
        title: "Backups the attackers can't reach",
        text: "Copies of your EHR data and imaging kept separate from your network, restored in tests on a schedule, with a written plan for running the practice during an outage.",
      },
      {
        title: "One call for every vendor",
        text: "We work directly with your EHR, imaging, phone and internet vendors. You call us; we chase the ticket until it is fixed.",
      },
      {
        title: "Front-desk phones that answer",
        text: "Cloud phone systems with call queues, after-hours routing and secure digital fax, so patients reach a person and referrals arrive.",
      },
    ],
    regulations: ["HIPAA", "HITECH Act", "42 CFR Part 2", "PCI DSS"],
    services: ["managed-it", "it-compliance", "cybersecurity", "business-continuity", "voip"],
    faqs: [
      {
        question: "Will you sign a business associate agreement?",
        answer:
          "Yes. Any IT provider that can access systems holding patient information is a business associate under HIPAA. We sign a BAA before work begins.",
      },
      {
        question: "Can you make our practice HIPAA compliant?",
        answer:
          "Compliance is the practice's responsibility, and no provider can hand it to you in a box. What we do is carry out the security risk analysis, put the technical safeguards in place, keep the evidence and help you answer auditors and insurers.\n\nYour policies, training records and privacy practices stay with you, and we point out where they need attention.",
      },
      {
        question: "Do you work with our EHR and imaging software?",
        answer:
          "We support the workstations, servers, network and cloud accounts those systems run on, and we work with your software vendors on upgrades and problems. If your EHR is cloud-hosted, we make sure the connection and the devices reaching it are fast and secure.",
      },
      {
        question: "We treat substance use disorders. Does anything change?",
        answer:
          "Records of substance use disorder treatment are also covered by 42 CFR Part 2, which sets its own rules on consent and disclosure. We configure access and sharing so those records stay within what the rule and your policies allow.",
      },
    ],
    cta: {
      title: "Get a HIPAA security review of your practice",
      text: "Tell us about your practice, your EHR and your locations. We will look at where patient data lives, what protects it today and what we would fix first.",
    },
  },

  "legal-services": {
    slug: "legal-services",
    title: "IT Support and Security for Law Firms",
    description:
      "IT for law firms in Indiana and Tennessee: client files kept confidential under ABA Model Rule 1.6, safe remote access and wire-fraud defenses.",
    headline: "Protect client confidences and keep the firm billing",
    intro:
      "A law firm runs on documents, deadlines and trust. If the document system is down on a filing day, or a client's wire goes to a fraudster, the damage is more than technical. We support small and mid-size firms and solo practices across Indiana and Tennessee, and we build the safeguards your professional obligations expect.",
    challenges: [
      {
        title: "Confidentiality is a duty, not a setting",
        text: "ABA Model Rule 1.6, and the state rules based on it, require reasonable efforts to prevent unauthorized access to client information. A stolen laptop or a forwarded email can become an ethics problem.",
      },
      {
        title: "Wire fraud on settlements and closings",
        text: "Criminals break into an email account, watch a matter for weeks, then send new wiring instructions that look exactly like yours. Real estate, settlement and trust account payments are the targets.",
      },
      {
        title: "Working from the courthouse and home",
        text: "Attorneys need case files from the courtroom, the client's office and the kitchen table, without copies scattered across personal devices and email.",
      },
      {
        title: "Billing and deadlines can't stop",
        text: "When the time and billing, document management or calendaring system is down, the firm stops earning and starts worrying about missed dates.",
      },
    ],
    howWeHelp: [
      {
        title: "Reasonable safeguards, documented",
        text: "Encrypted laptops and phones, multi-factor sign-in, access limited by matter where your software allows it, and records showing what is in place. That is the evidence a client audit or a malpractice carrier asks for.",
      },
      {
        title: "Defenses against wire fraud",
        text: "Email filtering that flags look-alike domains, alerts on suspicious mailbox rules, 24/7 SOC monitoring of sign-ins, and staff training on calling back to verify any change in payment instructions.",
      },
      {
        title: "Secure access from anywhere",
        text: "Firm files reachable from any approved device through secure remote access or a managed cloud document system, so nothing needs to live in a personal inbox or a USB drive.",
      },
      {
        title: "Uptime for the systems that bill",
        text: "We monitor and patch the servers and cloud services behind your practice management, document and billing software, and we work with those vendors when something fails.",
      },
      {
        title: "Client files that can be recovered",
        text: "Backups of documents, email and databases kept off your network and tested on a schedule, so a deleted folder or ransomware does not cost you a matter.",
      },
    ],
    regulations: ["ABA Model Rule 1.6", "ABA Model Rule 1.1", "PCI DSS"],
    services: ["managed-it", "cybersecurity", "cloud-services", "email-communications", "business-continuity"],
    faqs: [
      {
        question: "What counts as reasonable efforts under Rule 1.6?",
        answer:
          "The ABA's commentary weighs the sensitivity of the information, the likelihood of disclosure without more safeguards, and the cost and difficulty of adding them. In practice that usually means encryption, multi-factor sign-in, controlled access, trained staff and a plan for incidents. We help you put those in place and document them.",
      },
      {
        question: "Can our attorneys work from their own phones?",
        answer:
          "Yes, with controls. We enroll the devices so firm email and documents sit in a separate, protected space that can be wiped without touching personal photos and messages.",
      },
      {
        question: "Our clients send security questionnaires. Can you help answer them?",
        answer:
          "Yes. Corporate and healthcare clients increasingly ask outside counsel about encryption, access control and incident response. We answer the technical questions with you and supply the evidence.",
      },
      {
        question: "We take card payments for retainers. Does PCI DSS apply?",
        answer:
          "If you accept cards, PCI DSS applies to how those payments are handled. Most firms keep their scope small by using a legal-focused payment processor, and we make sure card data never lands on firm computers or in email.",
      },
    ],
    cta: {
      title: "Talk to us about your firm's security",
      text: "Tell us how many attorneys and staff you have and which systems you run. We will review how client information is protected today and what we would tighten first.",
    },
  },

  accounting: {
    slug: "accounting",
    title: "IT Support for Accounting and CPA Firms",
    description:
      "IT for CPA and tax firms: tax-season uptime, a WISP that meets the FTC Safeguards Rule and IRS Publication 4557, secure client portals and protected returns.",
    headline: "Tax-season uptime and taxpayer data kept safe",
    intro:
      "Accounting firms hold exactly what identity thieves want: names, Social Security numbers, bank accounts and income. And they hold it hardest during the weeks when nobody has time for a computer problem. We support CPA firms, tax preparers and bookkeepers across Indiana and Tennessee, and we help you meet the security rules that apply to tax professionals.",
    challenges: [
      {
        title: "The rules apply to small firms too",
        text: "Tax preparers count as financial institutions under the FTC Safeguards Rule. It requires a written information security program (WISP), a designated person in charge of it, a risk assessment, multi-factor sign-in and encryption of customer data.",
      },
      {
        title: "Tax season leaves no room for downtime",
        text: "A failed server or a tax software update that breaks in the busiest weeks costs billable hours you cannot get back.",
      },
      {
        title: "Phishing dressed as the IRS or a client",
        text: "Fake client emails with attached documents, fake IRS notices and fake software update messages all aim to steal preparer credentials and file fraudulent returns.",
      },
      {
        title: "Documents arriving every way possible",
        text: "Clients send tax documents by email, text, photo and drop-off. Unencrypted email attachments and shared folders leave copies everywhere.",
      },
    ],
    howWeHelp: [
      {
        title: "A WISP you actually follow",
        text: "We help you write a WISP based on IRS Publication 4557 and the Safeguards Rule, then put its technical controls in place: multi-factor sign-in, encryption, logging, access reviews and an incident response plan.",
      },
      {
        title: "Ready before the busy season",
        text: "We patch, test and update your tax, accounting and document systems before the season starts, and hold back non-urgent changes until it ends.",
      },
      {
        title: "A secure way to exchange documents",
        text: "Client portals and encrypted email so returns, statements and organizers stop travelling as plain attachments.",
      },
      {
        title: "Protection for preparer accounts",
        text: "Email filtering, 24/7 SOC monitoring of sign-ins and staff training on the scams aimed at tax professionals, so a stolen password does not become a stolen refund.",
      },
      {
        title: "Seasonal staff on and off cleanly",
        text: "New seasonal staff get a managed device and the right access on day one, and lose it the day they leave.",
      },
    ],
    regulations: ["FTC Safeguards Rule", "IRS Publication 4557", "WISP", "PCI DSS"],
    services: ["managed-it", "cybersecurity", "it-compliance", "cloud-services", "business-continuity"],
    faqs: [
      {
        question: "Does the FTC Safeguards Rule really apply to a small tax practice?",
        answer:
          "Yes. The rule covers tax preparers and many accounting firms as financial institutions under the Gramm-Leach-Bliley Act. Firms that hold information on fewer customers are exempt from some parts, such as the written risk assessment, but the core safeguards, including a WISP, still apply.",
      },
      {
        question: "What is a WISP, and do we need one?",
        answer:
          "A written information security program describes how your firm protects taxpayer data: who is responsible, what the risks are, which safeguards are in place and what happens after an incident. The Safeguards Rule requires one, and IRS Publication 4557 explains what the IRS expects of preparers.",
      },
      {
        question: "Can you support our tax software, whether hosted or on our server?",
        answer:
          "Yes. For software on your own server, we keep that server, its backups and its updates in order. For hosted software, we make sure the devices and connections reaching it are secure and fast.",
      },
      {
        question: "What happens if a client's data is exposed?",
        answer:
          "Your incident response plan tells everyone what to do. We contain the problem, preserve evidence and help you work through the notifications the Safeguards Rule, the IRS and state breach laws may require.",
      },
    ],
    cta: {
      title: "Get your WISP and your systems ready for tax season",
      text: "Tell us about your firm, your tax software and your busiest months. We will review your safeguards against the Safeguards Rule and show you what to fix before the season.",
    },
  },

  manufacturing: {
    slug: "manufacturing",
    title: "Manufacturing IT Support and Security",
    description:
      "IT for manufacturers: plant-floor networks, ERP uptime across every shift, protected machine controls and help with CMMC and NIST SP 800-171 for defense work.",
    headline: "Keep the line running and the plant network secure",
    intro:
      "On a plant floor, a network outage is measured in parts not shipped. We support manufacturers and machine shops across Indiana, Tennessee and the neighboring states: the office, the ERP, the shop-floor network and the machines connected to it. For defense suppliers, we help you meet CMMC and NIST SP 800-171.",
    challenges: [
      {
        title: "Machines on old operating systems",
        text: "CNC controllers, HMIs and inspection stations often run Windows versions that no longer receive updates, and they cannot simply be upgraded without breaking the machine.",
      },
      {
        title: "Office and plant on one flat network",
        text: "When office PCs and production equipment share one network, a single infected laptop can reach every machine on the floor.",
      },
      {
        title: "Round-the-clock shifts, daytime IT",
        text: "Problems on second and third shift wait until morning, and ERP, MES or label printing outages stop shipping while they wait.",
      },
      {
        title: "Customers and the DoD asking for proof",
        text: "Defense primes are adding CMMC requirements to their purchase orders, and commercial customers send supplier security questionnaires. Both want evidence, not promises.",
      },
    ],
    howWeHelp: [
      {
        title: "Separate networks for office and floor",
        text: "We segment production equipment from office systems and the internet, so machines talk only to what they need and an office infection stays in the office.",
      },
      {
        title: "Protection for machines you can't patch",
        text: "Older controllers are isolated, monitored and backed up in their working state, so a failed drive or a bad change can be rolled back.",
      },
      {
        title: "Support that covers every shift",
        text: "Managed clients reach an engineer 24/7 for emergencies, and qualified managed clients get an engineer on site within 4 hours, including the plant floor.",
      },
      {
        title: "CMMC and NIST SP 800-171 readiness",
        text: "We map where your Federal Contract Information and Controlled Unclassified Information live, close the gaps against NIST SP 800-171, and help you write the System Security Plan and Plan of Action and Milestones.",
      },
      {
        title: "ERP and shop-floor integrations",
        text: "We keep your ERP server or cloud tenant healthy, and we build the integrations that connect it to scanners, label printers and spreadsheets so data is entered once.",
      },
    ],
    regulations: ["CMMC", "NIST SP 800-171", "DFARS 252.204-7012", "ISO 27001"],
    services: ["managed-it", "cybersecurity", "it-compliance", "business-continuity", "business-application-development"],
    faqs: [
      {
        question: "We make parts for defense contractors. Do we need CMMC?",
        answer:
          "If you handle Federal Contract Information or Controlled Unclassified Information under a Defense Department contract, CMMC requirements are being written into those contracts. Level 1 covers FCI with a yearly self-assessment. Level 2 covers CUI and follows the requirements of NIST SP 800-171, often with a third-party assessment.",
      },
      {
        question: "Can you certify us for CMMC?",
        answer:
          "No. Level 2 certification assessments are done by an authorized third-party assessment organization (C3PAO). We prepare you: scoping, closing gaps, writing the System Security Plan, calculating your SPRS score and keeping the evidence ready for the assessor.",
      },
      {
        question: "Will your work interrupt production?",
        answer:
          "We schedule changes around your shifts and changeovers, agree each plant-floor change with your production and maintenance leads first, and keep a way back for every change.",
      },
      {
        question: "Our machine vendors need remote access. Is that safe?",
        answer:
          "It can be. We replace always-on vendor connections with access that is approved per session, limited to that machine and logged, so vendors can support you without an open door into the plant.",
      },
    ],
    cta: {
      title: "Walk the plant with us",
      text: "Tell us about your shifts, your ERP and the customers asking for security evidence. We will look at how office and floor connect and what we would secure first.",
    },
  },

  transportation: {
    slug: "transportation",
    title: "IT Support for Trucking and Logistics",
    description:
      "IT for carriers, brokers and warehouses: dispatch and TMS uptime, ELD support under FMCSA rules, phones that route loads and protection from freight fraud.",
    headline: "Keep dispatch running and the trucks moving",
    intro:
      "Carriers, brokers and warehouses run on dispatch screens, phones and data from the road. When they stop, loads wait and drivers sit. We support trucking, logistics and warehouse companies along the I-65, I-69, I-64 and I-24 corridors, from the dispatch office to the yard and the cab.",
    challenges: [
      {
        title: "Dispatch can't go dark",
        text: "The TMS, the load boards, the phones and email are the business. An outage at dawn strands drivers and customers at the same time.",
      },
      {
        title: "ELDs that must work every day",
        text: "Under the FMCSA ELD rule, drivers who keep records of duty status need a working, registered device. When one malfunctions, drivers fall back to paper logs and the carrier has a short deadline to repair or replace it.",
      },
      {
        title: "Fraud aimed at freight",
        text: "Criminals pose as carriers and brokers, take over load-board and email accounts, and send new payment details on real invoices. Stolen identities lead to stolen loads.",
      },
      {
        title: "Yards and warehouses with weak Wi-Fi",
        text: "Scanners, yard trucks, gate cameras and handhelds drop off in dead spots, and every drop slows loading.",
      },
    ],
    howWeHelp: [
      {
        title: "Uptime for dispatch and TMS",
        text: "We monitor the servers, cloud services and internet lines behind your dispatch operation, add backup internet that fails over on its own, and answer 24/7 for managed clients.",
      },
      {
        title: "ELD and fleet device support",
        text: "We manage the tablets and phones in your cabs, keep ELD apps updated, keep the required instruction sheets current and track when a registered device is removed from FMCSA's list so you replace it in time.",
      },
      {
        title: "Accounts protected from takeover",
        text: "Multi-factor sign-in on email, load boards and factoring portals, alerts on risky sign-ins from our 24/7 SOC, and a call-back rule for any change in bank details.",
      },
      {
        title: "Phones that route loads",
        text: "Cloud phone systems with queues for dispatch, after-hours routing to whoever is on call, and mobile apps so dispatchers answer from anywhere.",
      },
      {
        title: "Coverage across the yard",
        text: "We survey and install wireless networks for docks, yards and warehouses so scanners and handhelds stay connected from door to trailer.",
      },
      {
        title: "Systems that share data",
        text: "We connect your TMS, ELD provider, accounting and customer portals, so loads, hours and invoices are entered once.",
      },
    ],
    regulations: ["FMCSA ELD rule", "PCI DSS", "NIST Cybersecurity Framework"],
    services: ["managed-it", "cybersecurity", "voip", "business-application-development", "business-continuity"],
    faqs: [
      {
        question: "Do you sell ELDs?",
        answer:
          "No. You choose an ELD provider from FMCSA's registered list. We manage the tablets, phones and accounts they run on, support your drivers and office staff, and keep the devices and apps current.",
      },
      {
        question: "What happens if an ELD fails on the road?",
        answer:
          "The driver notes the malfunction, switches to paper logs and tells the carrier, which must get the device repaired or replaced within the time the FMCSA rule allows. We help you replace or reconfigure the device quickly and keep a record of what happened.",
      },
      {
        question: "How do you protect us from double brokering and payment fraud?",
        answer:
          "We lock down the accounts fraudsters target: email, load boards and factoring portals, with multi-factor sign-in and sign-in monitoring. We also help you set a rule that any change in payment details is confirmed by calling a known number.",
      },
      {
        question: "Our dispatch runs overnight. Do you?",
        answer: "Managed clients reach an engineer 24/7 for emergencies. Our help desk keeps regular business hours for everyday requests.",
      },
    ],
    cta: {
      title: "Keep your loads moving",
      text: "Tell us about your fleet, your dispatch systems and your locations. We will show you where an outage or a stolen login would hurt most and how we would prevent it.",
    },
  },

  construction: {
    slug: "construction",
    title: "IT Support for Construction Companies",
    description:
      "IT for contractors and builders: job-site internet, plans and project files reachable from the truck, managed tablets and protection from payment-change fraud.",
    headline: "Connect the job site to the office",
    intro:
      "Construction work happens in trailers, trucks and half-finished buildings, far from the server closet. We support general contractors, builders, specialty trades and engineering firms across Indiana and Tennessee, so crews reach current plans, the office gets daily reports, and payments go where they should.",
    challenges: [
      {
        title: "Job sites with no real internet",
        text: "A new trailer or an unfinished building starts without a network, and phones with weak signal are a poor way to open large drawings.",
      },
      {
        title: "The wrong set of plans",
        text: "Drawings, RFIs and change orders live in email, on a laptop and on the office server. A crew working from an old revision means rework.",
      },
      {
        title: "Devices that take a beating",
        text: "Tablets and laptops get dropped, lost and left in trucks. Each one may carry company email, bids and client documents.",
      },
      {
        title: "Fraud on pay applications",
        text: "Fake emails from subcontractors and suppliers with new bank details target the large payments that move on every project.",
      },
    ],
    howWeHelp: [
      {
        title: "Internet for the trailer, fast",
        text: "Cellular and satellite options with Wi-Fi for the trailer and site office, set up when the job starts and moved to the next one when it ends.",
      },
      {
        title: "One place for project files",
        text: "We set up cloud storage and project software access so the field and the office see the same current drawings, with permissions by project.",
      },
      {
        title: "Managed tablets and laptops",
        text: "Every device enrolled, encrypted and remotely wipeable. A lost tablet is a replacement order, not a data breach.",
      },
      {
        title: "Payment-change controls",
        text: "Email filtering, account monitoring from our 24/7 SOC and a call-back rule for any change in banking details, taught to the people who pay invoices.",
      },
      {
        title: "Phones that follow the super",
        text: "Cloud phone systems that ring desk and mobile together, so a call to the office reaches the superintendent on site.",
      },
      {
        title: "Secure yards and offices",
        text: "Badge and mobile door access for offices, shops and equipment yards, with a log of who came in and when.",
      },
    ],
    regulations: ["NIST Cybersecurity Framework", "CMMC", "PCI DSS"],
    services: ["managed-it", "cloud-services", "cybersecurity", "voip", "access-control"],
    faqs: [
      {
        question: "Can you get a new job site online quickly?",
        answer:
          "Yes. We keep cellular and satellite options ready, set up Wi-Fi and security for the trailer, and connect it to your company systems. When the job closes, the equipment moves to the next site.",
      },
      {
        question: "We bid on federal and military projects. Do cyber rules apply to us?",
        answer:
          "They can. If a Defense Department contract gives you Controlled Unclassified Information, such as certain drawings or specifications, CMMC and NIST SP 800-171 requirements can flow down to you. We help you find where that information lives and protect it.",
      },
      {
        question: "Do you support our estimating and project management software?",
        answer:
          "We support the devices, accounts, networks and cloud storage that software runs on, work with the software vendors on problems, and can connect systems so job data does not get typed twice.",
      },
      {
        question: "How do you handle crews that change every season?",
        answer:
          "We set up a simple process for new hires and departures: a managed device, the right access on day one and access removed the day someone leaves.",
      },
    ],
    cta: {
      title: "Get your crews and office on the same page",
      text: "Tell us about your active jobs, your office and the software you run. We will show you how we would connect the sites and protect the payments.",
    },
  },

  "non-profits": {
    slug: "non-profits",
    title: "IT Support for Non-Profit Organizations",
    description:
      "IT for non-profits in Indiana and Tennessee: donor data protected, Microsoft and Google nonprofit licensing put to work, and support that fits a tight budget.",
    headline: "More of your budget for the mission, less for IT surprises",
    intro:
      "Non-profits hold donor records, client case files and payment details, often with a small staff, volunteers and equipment someone donated. We support charities, foundations, churches, associations and social service agencies across Indiana and Tennessee, so the technology is safe, predictable and paid for with as few dollars as possible.",
    challenges: [
      {
        title: "Donor trust rides on your data",
        text: "Donor names, giving history and payment details are exactly what criminals look for. A breach costs more than the cleanup when donors stop giving.",
      },
      {
        title: "Licensing money left on the table",
        text: "Many organizations pay full price for software when Microsoft and Google offer donated or discounted licenses to eligible non-profits, or they use those licenses without anyone managing them.",
      },
      {
        title: "Volunteers, shared logins and turnover",
        text: "Shared passwords, personal email for official work and accounts left open after a volunteer leaves are common, and hard to untangle.",
      },
      {
        title: "Budgets that can't absorb a surprise",
        text: "A failed server or a ransomware attack can wipe out a program budget. Grant funders increasingly ask how you protect the data they pay you to collect.",
      },
    ],
    howWeHelp: [
      {
        title: "Nonprofit licensing, set up right",
        text: "We check your eligibility for Microsoft's nonprofit program and Google for Nonprofits, help with the application, and move you to the right mix of donated and discounted licenses.",
      },
      {
        title: "Donor data protected",
        text: "Multi-factor sign-in, access by role in your donor database, encrypted devices and 24/7 SOC monitoring, so giving records stay private.",
      },
      {
        title: "Online giving without card risk",
        text: "We keep card data with your PCI DSS compliant payment processor and off your own computers, and we protect the accounts that manage your giving pages.",
      },
      {
        title: "Every person with their own account",
        text: "Named accounts for staff and volunteers, shared mailboxes instead of shared passwords, and access removed the day someone leaves.",
      },
      {
        title: "A budget the board can approve",
        text: "A flat monthly fee and a yearly roadmap with costs, so technology is a line item you plan, and so grant applications can describe your safeguards accurately.",
      },
    ],
    regulations: ["PCI DSS", "Donor data privacy", "State breach notification laws"],
    services: ["managed-it", "cloud-services", "cybersecurity", "email-communications", "business-continuity"],
    faqs: [
      {
        question: "Are we eligible for donated Microsoft or Google licenses?",
        answer:
          "Most registered charities, including 501(c)(3) organizations, can apply. Government bodies, hospitals, schools and some other groups are covered by different programs. We check your status against the current program rules and handle the application with you.",
      },
      {
        question: "We get donated computers. Can you support them?",
        answer:
          "Yes, if they are recent enough to receive security updates. We check each device, wipe and set it up properly, and tell you plainly when one would cost more to keep than to replace.",
      },
      {
        question: "Does HIPAA apply to our organization?",
        answer:
          "If you provide health services and bill health plans electronically, or work on behalf of an organization that does, HIPAA may apply to the records you keep. Many social service agencies are not covered but hold equally sensitive information. Either way, we protect it to the same standard.",
      },
      {
        question: "Can volunteers use their own devices?",
        answer:
          "Yes, with limits. We give volunteers access only to what their role needs, through accounts that can be switched off the day they stop volunteering, and keep sensitive records off unmanaged devices.",
      },
    ],
    cta: {
      title: "Stretch your technology budget further",
      text: "Tell us about your organization, your staff and volunteers and the systems you use. We will check your nonprofit licensing and show you where your donor data is exposed.",
    },
  },
};
