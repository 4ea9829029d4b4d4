/**
 * City page copy: one record per office, rendered by the single city template.
 * Each page speaks of its own area (economy, nearby towns, drive times) so that no two
 * read alike. Office addresses and phone numbers come from the business facts via officeId.
 * The seed of the content studio (./seed.ts, its only importer).
 */
import type { CityPage, CitySlug } from "./types";

export const cityPages: Record<CitySlug, CityPage> = {
  "indianapolis-it-support": {
    slug: "indianapolis-it-support",
    officeId: "indianapolis",
    title: "IT Support in Indianapolis, IN",
    description:
      "Managed IT and cybersecurity for Indianapolis businesses, from downtown law and accounting firms to west-side warehouses, with engineers on site fast.",
    headline: "IT support for Indianapolis, downtown to the donut counties",
    intro:
      "Our downtown Indianapolis office supports businesses across Marion County and the counties around it. We run the computers, networks, phones and security of law firms, practices, associations, warehouses and growing companies, and we send an engineer when a problem needs hands on it.",
    localContext: [
      "Downtown and the north side are full of professional offices: law and accounting firms near the courts and the Statehouse, insurance agencies, associations, foundations and the non-profits that work with them. Around the large hospital systems work independent practices of every kind, from dental groups to physical therapy clinics. These businesses need confidential files, reliable remote access and help with the rules their clients and regulators set.",
      "The west and south sides move freight. Warehouses and distribution centers line the corridors near the airport and out through Plainfield, Whitestown and Greenwood, running scanners, dock Wi-Fi and dispatch around the clock. And as companies outgrow Marion County, they move into the donut counties, Hamilton, Hendricks, Boone, Johnson and Hancock, with a second location to connect back to the first.",
    ],
    areasServed: [
      "Carmel",
      "Zionsville",
      "Whitestown",
      "Brownsburg",
      "Avon",
      "Plainfield",
      "Speedway",
      "Greenwood",
      "Lawrence",
      "Greenfield",
    ],
    industries: ["legal-services", "healthcare", "accounting", "transportation", "non-profits"],
    onSite:
      "Most addresses inside I-465 are within 20 minutes of our downtown office, and Greenwood, Plainfield, Avon, Zionsville and Greenfield within about 30, so qualified managed clients get an engineer on site within 4 hours.",
    highlights: [
      {
        title: "Downtown offices, handled after hours",
        text: "Server work, network changes and office moves in downtown buildings are scheduled around your tenants, your building manager and your billable day.",
      },
      {
        title: "Warehouses and dispatch floors",
        text: "Dock and yard Wi-Fi, scanner fleets, backup internet and phone queues for the distribution operations on the west and south sides.",
      },
      {
        title: "Confidentiality for professional firms",
        text: "Encrypted devices, multi-factor sign-in, secure client file sharing and the evidence law firms, CPAs and practices need for clients, insurers and auditors.",
      },
      {
        title: "Several sites, one network",
        text: "When you add a location in a donut county, we connect it to your main office with the same security, phones and support.",
      },
    ],
    faqs: [
      {
        question: "Do you come on site in Plainfield, Whitestown and Greenwood?",
        answer:
          "Yes. They are a short drive from our downtown office, and qualified managed clients get an engineer on site within 4 hours. Remote fixes usually come first, because they are faster when they work.",
      },
      {
        question: "We have an office downtown and a warehouse on the west side. Can you support both?",
        answer:
          "Yes. We treat them as one network: the same accounts, security and phone system, with a connection between sites and backup internet at the location that cannot go offline.",
      },
      {
        question: "We are moving offices within Indianapolis. When should we call you?",
        answer:
          "As soon as you are looking at spaces. We check the building's internet options and wiring before you sign, order circuits early enough to be live on moving day, and move your equipment over a weekend so Monday starts normally.",
      },
      {
        question: "Do you also cover Hamilton County?",
        answer:
          "Yes. Our Fishers and Noblesville offices are closer to most of Hamilton County, and all our Indianapolis-area offices share one help desk, so you get the nearest engineer either way.",
      },
    ],
    cta: {
      title: "Meet your Indianapolis IT team",
      text: "Tell us where your offices are and what keeps breaking. An engineer from our downtown office will walk through your setup and tell you what they would fix first.",
    },
  },

  "fishers-it-support": {
    slug: "fishers-it-support",
    officeId: "fishers",
    title: "IT Support in Fishers, IN",
    description:
      "IT support for Fishers startups, professional offices and medical practices: new-hire setup, hybrid work, office build-outs and security customers ask about.",
    headline: "IT for Fishers companies that are growing fast",
    intro:
      "Our Fishers office serves the businesses filling the new office buildings, co-working spaces and medical offices along the I-69 corridor. Many of them are adding people every month. We make sure each new hire has a working, secure laptop on day one and that the office keeps up as the company grows.",
    localContext: [
      "Fishers has turned from a commuter suburb into a place where companies start and grow. Software and tech startups, consulting firms, financial advisers and insurance agencies work out of co-working spaces, the Nickel Plate District and the office parks along I-69. Their teams are often hybrid, their customers send security questionnaires early, and their IT needs change every time the headcount does.",
      "Hamilton County's growth also brings medical and dental offices, physical therapy and specialty clinics, accounting firms and home-based businesses across Geist, McCordsville and Fortville. These offices need HIPAA-ready networks, phones that answer and a local engineer who can come by when a workstation or a printer will not cooperate.",
    ],
    areasServed: ["Carmel", "Geist", "McCordsville", "Fortville", "Castleton", "Lawrence", "Ingalls", "Pendleton"],
    industries: ["small-medium-business", "healthcare", "accounting", "legal-services"],
    onSite:
      "Most of Hamilton County is within 25 minutes of our Fishers office, and Geist, McCordsville and Castleton are usually 15 minutes away, well inside our 4-hour on-site commitment for qualified managed clients.",
    highlights: [
      {
        title: "New hires ready on day one",
        text: "Laptops set up, secured and shipped or waiting at the desk, with email, files and apps in place. When someone leaves, their access ends the same day.",
      },
      {
        title: "Hybrid work without the gaps",
        text: "Managed devices, multi-factor sign-in and cloud file access, so people work from home, the office or a co-working desk with the same protection.",
      },
      {
        title: "Office build-outs and moves",
        text: "Cabling, Wi-Fi, conference room audio-visual, door access and phones planned with your landlord and contractor, ready before move-in.",
      },
      {
        title: "Security your customers ask about",
        text: "We help growing companies put the controls in place that enterprise customers and SOC 2 Type II audits expect, and keep the evidence ready.",
      },
    ],
    faqs: [
      {
        question: "Can you help our startup get ready for a SOC 2 audit?",
        answer:
          "Yes. We put the technical controls in place, such as device management, access reviews, logging and backups, and collect the evidence your auditor will ask for. The audit itself is done by an independent CPA firm.",
      },
      {
        question: "Do you come on site in Geist and McCordsville?",
        answer:
          "Yes. Both are a short drive from our Fishers office. Qualified managed clients get an engineer on site within 4 hours when a problem cannot be fixed remotely.",
      },
      {
        question: "We are moving into a bigger office in Fishers. When should we call?",
        answer:
          "Before you sign the lease, if you can. We check the internet options and wiring, plan the network and conference rooms with your contractor, and move you over a weekend.",
      },
      {
        question: "Half our team works from home. Can you support them there?",
        answer:
          "Yes. We manage and protect their laptops wherever they are, fix most problems remotely, and ship replacement equipment ready to use when hardware fails.",
      },
    ],
    cta: {
      title: "Get IT that keeps up with your hiring",
      text: "Tell us how many people you have, how fast you are adding more and where they work. Our Fishers team will show you how we would set up the next hire and the next office.",
    },
  },

  "noblesville-it-support": {
    slug: "noblesville-it-support",
    officeId: "noblesville",
    title: "IT Support in Noblesville, IN",
    description:
      "IT support for Noblesville and northern Hamilton County: law offices near the courthouse, shops and plants, builders and rural offices that need good internet.",
    headline: "IT support for Noblesville and northern Hamilton County",
    intro:
      "Our Noblesville office sits near the courthouse square and serves the county seat and the towns to its north and east. We support law offices and title companies, retailers on the square, manufacturers in the industrial parks, builders and trades, and businesses out where fast internet is hard to find.",
    localContext: [
      "As the county seat, Noblesville draws law firms, title companies, surveyors, accountants and the businesses that work with county government. Many of them are in historic buildings around the square, where thick brick walls fight the Wi-Fi and the wiring dates from another era. Shops and restaurants on the square take cards every day and need those payments handled safely.",
      "Beyond downtown, industrial parks along State Road 37 and State Road 32 hold manufacturers, distributors and contractors' shops. The subdivisions going up in Noblesville and Westfield keep builders and trades busy. North toward Cicero, Arcadia, Atlanta and Sheridan, and east into Madison County, businesses and farm operations often run on limited broadband and need a plan for when it drops.",
    ],
    areasServed: ["Westfield", "Cicero", "Strawtown", "Arcadia", "Atlanta", "Sheridan", "Lapel", "Tipton", "Anderson"],
    industries: ["legal-services", "construction", "manufacturing", "small-medium-business"],
    onSite:
      "Westfield, Cicero and Strawtown are within 20 minutes of our office by the square, Arcadia, Atlanta, Sheridan and Lapel about 25, and Tipton and Anderson about 35, all inside our 4-hour on-site commitment for qualified managed clients.",
    highlights: [
      {
        title: "Next door to the courthouse",
        text: "Law firms and title companies get encrypted devices, secure remote access, protection against wire fraud on closings and help with electronic filing problems.",
      },
      {
        title: "Wi-Fi that works in old buildings",
        text: "We survey historic buildings on and around the square and place access points and cabling so signal reaches every room without damaging the building.",
      },
      {
        title: "Internet for rural locations",
        text: "Fixed wireless, cellular and satellite options, with automatic failover, for shops, farms and offices beyond the reach of cable and fiber.",
      },
      {
        title: "Shops, plants and job sites",
        text: "Shop-floor networks, managed tablets for crews, and job-site internet for the builders and trades working across the county.",
      },
    ],
    faqs: [
      {
        question: "Do you come on site in Cicero and Arcadia?",
        answer:
          "Yes. Both are a short drive north of our Noblesville office. Qualified managed clients get an engineer on site within 4 hours when the problem cannot be fixed remotely.",
      },
      {
        question: "Our office is in an old building downtown. Can you fix the Wi-Fi?",
        answer:
          "Usually, yes. We measure the signal room by room, then place access points where the walls allow and run cabling discreetly. Old buildings need more access points, not stronger ones.",
      },
      {
        question: "Our shop on the square takes cards. What do we need to do?",
        answer:
          "PCI DSS applies to every business that takes cards. We keep your card terminals on a network separate from everything else, make sure card data never lands on your computers, and help you complete your yearly self-assessment questionnaire.",
      },
      {
        question: "Do you serve Tipton and Madison County?",
        answer: "Yes. Tipton, Lapel and Anderson are within our regular service area from Noblesville.",
      },
    ],
    cta: {
      title: "Talk to your Noblesville IT team",
      text: "Tell us where you are and what keeps failing, from Wi-Fi on the square to internet out in the county. We will come look and tell you what we would fix first.",
    },
  },

  "bloomington-it-support": {
    slug: "bloomington-it-support",
    officeId: "bloomington",
    title: "IT Support in Bloomington, IN",
    description:
      "IT support for Bloomington and south-central Indiana: life-sciences and medical-device firms, Crane-area defense suppliers, clinics and local non-profits.",
    headline: "IT support for Bloomington and south-central Indiana",
    intro:
      "Our Bloomington office serves Monroe County and the counties around it, from businesses near campus to manufacturers in Bedford and defense suppliers near Crane. We run their computers, networks and security, and we drive out when something needs hands on it.",
    localContext: [
      "The university shapes Bloomington. Around it work research spin-offs, consultants, property managers, restaurants and the arts and community non-profits that give the town its character. Their year follows the academic calendar: leases turn over, staff and student workers come and go, and accounts need to be opened and closed on time.",
      "Bloomington is also a life-sciences town. Medical-device makers, pharmaceutical contract manufacturers and their suppliers run regulated quality systems, where computer changes follow change control and electronic records fall under FDA rules such as 21 CFR Part 11. Southwest of town, businesses tied to the naval base at Crane handle defense information that CMMC and NIST SP 800-171 protect, and the regional hospital and independent clinics serve the whole area.",
    ],
    areasServed: ["Ellettsville", "Spencer", "Martinsville", "Nashville", "Bedford", "Mitchell", "Bloomfield", "Crane"],
    industries: ["healthcare", "manufacturing", "non-profits", "small-medium-business"],
    onSite:
      "Ellettsville is about 15 minutes from our Bloomington office, Spencer, Martinsville, Nashville and Bedford 30 to 40 minutes, and Bloomfield and the Crane area about 45, so qualified managed clients get an engineer on site within 4 hours.",
    highlights: [
      {
        title: "IT that respects change control",
        text: "For medical-device and pharmaceutical firms, we document changes, follow your validation and change-control procedures and keep the records your quality team needs.",
      },
      {
        title: "CMMC help for Crane-area suppliers",
        text: "We scope where defense information lives, close gaps against NIST SP 800-171 and prepare the System Security Plan your assessment will ask for.",
      },
      {
        title: "Accounts that follow the semester",
        text: "Staff, student workers and tenants come and go on the academic calendar. We open and close their access on schedule, so nobody keeps a key they should not.",
      },
      {
        title: "Budgets for local non-profits",
        text: "We put Microsoft and Google nonprofit licensing to work for arts, community and social service organizations, and protect their donor and client data.",
      },
    ],
    faqs: [
      {
        question: "Do you support businesses near Crane?",
        answer:
          "Yes. The Crane area is within our Bloomington service area. We help defense suppliers there prepare for CMMC, and qualified managed clients get an engineer on site within 4 hours.",
      },
      {
        question: "We make medical devices. Can you work within our quality system?",
        answer:
          "Yes. We follow your change-control and validation procedures, document what we change, and do not touch validated systems without an approved change. We can also help you keep audit trails and access controls in line with 21 CFR Part 11.",
      },
      {
        question: "Do you come on site in Bedford and Spencer?",
        answer:
          "Yes. Both are within about 40 minutes of our Bloomington office. We fix what we can remotely first, and send an engineer when the problem needs hands on it.",
      },
      {
        question: "We are a small research spin-off. Is managed IT worth it for us?",
        answer:
          "Often, yes. Small research companies hold valuable data and grant obligations but rarely have IT staff. We give you secure devices, backups and an engineer to call, sized to the people you have now.",
      },
    ],
    cta: {
      title: "Meet your Bloomington IT team",
      text: "Tell us about your company, your systems and any rules your work falls under. Our Bloomington team will review your setup and tell you what they would fix first.",
    },
  },

  "columbus-it-support": {
    slug: "columbus-it-support",
    officeId: "columbus",
    title: "IT Support in Columbus, IN",
    description:
      "IT support for Columbus, Indiana: engine and advanced manufacturing suppliers, architecture and engineering firms, clinics and I-65 logistics.",
    headline: "IT support for Columbus and the I-65 corridor",
    intro:
      "Our Columbus office serves Bartholomew County and the towns along I-65 between Indianapolis and Louisville. Most of our work here is with manufacturers and their suppliers, design and engineering firms, clinics and the companies that move their goods.",
    localContext: [
      "Columbus is an engine town. Engine and power-systems manufacturing anchors a wide network of suppliers: machine shops, casting and machining plants, automotive parts makers, many of them owned by companies abroad. They run around the clock, answer supplier security questionnaires from demanding customers, and connect plant-floor equipment to ERP systems that cannot go down on any shift.",
      "Columbus is also known worldwide for its modern architecture, and design still matters here. Architecture, engineering and surveying firms work with large drawing and model files that need fast storage and reliable backups. Add the regional hospital and the practices around it, and the warehouses and carriers along I-65 in Edinburgh, Taylorsville and Seymour, and you have a small city with big-company IT needs.",
    ],
    areasServed: ["Taylorsville", "Edinburgh", "Hope", "Seymour", "North Vernon", "Nashville", "Franklin", "Greensburg"],
    industries: ["manufacturing", "transportation", "construction", "healthcare"],
    onSite:
      "Taylorsville and Edinburgh are about 15 to 20 minutes from our downtown Columbus office, Hope and Seymour about 25, and North Vernon, Nashville, Franklin and Greensburg 30 to 40, well inside our 4-hour on-site commitment for qualified managed clients.",
    highlights: [
      {
        title: "Support for every shift",
        text: "Managed clients reach an engineer 24/7 for emergencies, so an ERP or network problem on the night shift does not wait until morning.",
      },
      {
        title: "Supplier security questionnaires answered",
        text: "We put the controls your customers ask about in place, such as network segmentation, multi-factor sign-in and tested backups, and help you answer with evidence.",
      },
      {
        title: "Big files for design firms",
        text: "Fast storage, backups that finish overnight and secure sharing with clients and contractors for drawings, models and renderings.",
      },
      {
        title: "Office and floor kept apart",
        text: "We separate production equipment from office systems, so a bad email attachment in the office cannot stop a machine on the floor.",
      },
    ],
    faqs: [
      {
        question: "A customer sent us a cybersecurity questionnaire. Can you help?",
        answer:
          "Yes. We go through it with you, fix the gaps it reveals in a sensible order and give you honest answers backed by evidence. Many questions repeat from customer to customer, so the next one goes faster.",
      },
      {
        question: "Can you support our night shifts?",
        answer:
          "Yes. Managed clients reach an engineer 24/7 for emergencies, and qualified managed clients get an engineer on site within 4 hours, day or night.",
      },
      {
        question: "Do you come on site in Seymour and North Vernon?",
        answer: "Yes. Both are within about half an hour of our Columbus office, along with Edinburgh, Hope and Taylorsville.",
      },
      {
        question: "Do you work with architecture and engineering firms?",
        answer:
          "Yes. We size storage and backups for large drawing and model files, set up workstations for design software, and make sharing with clients and contractors secure.",
      },
    ],
    cta: {
      title: "Meet your Columbus IT team",
      text: "Tell us about your plant or office, your shifts and what your customers ask of you. Our Columbus team will walk through your setup and show you what they would fix first.",
    },
  },

  "evansville-it-support": {
    slug: "evansville-it-support",
    officeId: "evansville",
    title: "IT Support in Evansville, IN",
    description:
      "IT support for Evansville and the Tri-State: river-port logistics, manufacturers, hospitals and clinics in Indiana, Kentucky and Illinois, with local engineers.",
    headline: "IT support for Evansville and the Tri-State",
    intro:
      "Our Evansville office serves southwestern Indiana and across the river into Kentucky and Illinois. We support carriers and terminals, manufacturers, clinics and professional offices, many of which operate in more than one state.",
    localContext: [
      "Evansville is a river city. Barge terminals and ports on the Ohio River, rail yards, carriers and warehouses along I-69 and I-64 move goods for the whole region. Plastics and packaging plants, automotive suppliers in Gibson and Posey counties and metal fabricators run shifts that need their networks, scanners and ERP systems up at all hours.",
      "The city is also the healthcare hub for southern Indiana, western Kentucky and southeastern Illinois, with hospital systems and many independent clinics, dental and specialty practices. Henderson sits just across the river, and plenty of businesses here have staff, customers or locations in Indiana, Kentucky and Illinois, each state with its own data breach law, all on Central time.",
    ],
    areasServed: ["Newburgh", "Darmstadt", "Chandler", "Henderson, KY", "Boonville", "Mount Vernon", "Princeton", "Owensboro, KY"],
    industries: ["transportation", "manufacturing", "healthcare", "accounting"],
    onSite:
      "Newburgh, Darmstadt and Henderson are within 20 minutes of our downtown Evansville office, Boonville, Mount Vernon and Princeton 30 to 40, and Owensboro about 45, so qualified managed clients get an engineer on site within 4 hours.",
    highlights: [
      {
        title: "One provider across the river",
        text: "Offices in Indiana, Kentucky and Illinois supported as one network, with the same security and help desk, and breach plans that account for each state's law.",
      },
      {
        title: "Terminals, yards and warehouses",
        text: "Rugged Wi-Fi for docks and yards, managed scanners and tablets, and backup internet so dispatch and loading keep going when a line is cut.",
      },
      {
        title: "HIPAA-ready clinics",
        text: "Business associate agreements, security risk analyses, protected EHR access and phones that answer for the practices serving the Tri-State.",
      },
      {
        title: "Plants that run every shift",
        text: "Segmented plant networks, protected machine controllers and 24/7 emergency support for managed clients.",
      },
    ],
    faqs: [
      {
        question: "Do you come on site in Newburgh and Henderson?",
        answer:
          "Yes. Both are within about 20 minutes of our downtown Evansville office. Qualified managed clients get an engineer on site within 4 hours.",
      },
      {
        question: "Your hours are listed in Eastern time. What does that mean in Evansville?",
        answer:
          "Our help desk is open 8AM to 6PM Eastern, which is 7AM to 5PM Central in Evansville. Managed clients reach an engineer 24/7 for emergencies, whatever the clock says.",
      },
      {
        question: "We have locations in Indiana and Kentucky. Can one provider cover both?",
        answer:
          "Yes. We support your sites as one network with one help desk, and our Evansville engineers drive to Kentucky and Illinois locations as readily as Indiana ones.",
      },
      {
        question: "Do you support river terminals and warehouses?",
        answer:
          "Yes. We design wireless for docks and yards, manage scanners and tablets, and set up backup internet for operations that cannot stop when a line is cut.",
      },
    ],
    cta: {
      title: "Meet your Evansville IT team",
      text: "Tell us where your locations are, on either side of the river, and what keeps breaking. Our Evansville team will review your setup and tell you what they would fix first.",
    },
  },

  "clarksville-tn-it-support": {
    slug: "clarksville-tn-it-support",
    officeId: "clarksville",
    title: "IT Support in Clarksville, TN",
    description:
      "IT support for Clarksville, Tennessee: CMMC help for defense contractors near Fort Campbell, IT for growing businesses, builders and clinics along I-24.",
    headline: "IT support for Clarksville, Fort Campbell and the Kentucky line",
    intro:
      "Our Clarksville office serves Montgomery County, the Fort Campbell area and the towns on both sides of the Tennessee-Kentucky line. We support defense contractors, veteran-owned businesses, builders, clinics and the new companies that keep arriving as the city grows.",
    localContext: [
      "Fort Campbell shapes the local economy. Defense contractors, veteran-owned firms and the small businesses that support the post handle contract information that CMMC and NIST SP 800-171 protect, and more of their contracts now ask for proof. Military families also mean constant turnover: staff arrive and leave with each reassignment, and their accounts need to follow.",
      "Clarksville is growing fast. Austin Peay State University keeps the downtown busy, new subdivisions and shopping are spreading toward Sango and along I-24 toward Nashville, and new plants are filling the industrial parks. That growth keeps builders, trades, medical and dental offices, and professional firms opening new locations, each one needing a network, phones and security from the first day.",
    ],
    areasServed: [
      "Sango",
      "St. Bethlehem",
      "Fort Campbell",
      "Oak Grove, KY",
      "Hopkinsville, KY",
      "Adams",
      "Pleasant View",
      "Springfield",
      "Ashland City",
      "Dover",
    ],
    industries: ["manufacturing", "construction", "healthcare", "small-medium-business"],
    onSite:
      "Sango and St. Bethlehem are within 15 to 20 minutes of our Clarksville office, Oak Grove and the Fort Campbell area about 25, and Hopkinsville, Springfield, Ashland City and Dover within about 45, so qualified managed clients get an engineer on site within 4 hours.",
    highlights: [
      {
        title: "CMMC readiness for defense contractors",
        text: "We scope where Federal Contract Information and Controlled Unclassified Information live, close gaps against NIST SP 800-171 and prepare your System Security Plan and SPRS score.",
      },
      {
        title: "Tennessee and Kentucky, one provider",
        text: "Offices on both sides of the state line supported as one network, with the same help desk, security and on-site engineers.",
      },
      {
        title: "New locations, ready on day one",
        text: "Internet ordered early, cabling, Wi-Fi, phones and door access installed before opening, for businesses riding the area's growth.",
      },
      {
        title: "Staff turnover handled cleanly",
        text: "When staff arrive or leave with a reassignment, their devices and access are set up or closed on schedule, with nothing left open.",
      },
    ],
    faqs: [
      {
        question: "Can you help us get ready for a CMMC assessment?",
        answer:
          "Yes. We scope your environment, close the gaps against NIST SP 800-171, write the System Security Plan and Plan of Action and Milestones, and keep the evidence ready. The certification assessment itself is done by an authorized third-party assessor (C3PAO).",
      },
      {
        question: "Do you come on site in Oak Grove and Hopkinsville?",
        answer: "Yes. Both are within our Clarksville service area, and qualified managed clients get an engineer on site within 4 hours.",
      },
      {
        question: "Your hours are listed in Eastern time. What does that mean in Clarksville?",
        answer:
          "Our help desk is open 8AM to 6PM Eastern, which is 7AM to 5PM Central in Clarksville. Managed clients reach an engineer 24/7 for emergencies.",
      },
      {
        question: "We are opening a new location in Clarksville. Can you set it up?",
        answer:
          "Yes. Call us when you are choosing the space. We check internet options, order service early enough to be live on opening day, and install the network, phones and security before you open the doors.",
      },
    ],
    cta: {
      title: "Meet your Clarksville IT team",
      text: "Tell us about your business, your contracts and your locations. Our Clarksville team will review your setup and tell you what they would fix first.",
    },
  },
};
