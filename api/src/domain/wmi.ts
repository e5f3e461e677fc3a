/**
 * Offline VIN basics: the make behind a World Manufacturer Identifier and the model year.
 *
 * The NHTSA vPIC service stays the source of truth; this table is the fallback for when it cannot
 * be reached. A WMI (the first three characters of a VIN) names a manufacturer and plant, not a
 * brand, so a few WMIs are shared between makes. Each of those maps to the make it is overwhelmingly
 * (or, where noted, mostly) used for, with a comment; vPIC, which also reads the rest of the VIN,
 * settles them when it is reachable. Makes are spelled as vPIC spells its `Make` field.
 *
 * Pure data and functions: no I/O, no imports.
 */
export const WMI_MANUFACTURERS: Readonly<Record<string, string>> = Object.freeze({
  // ── United States (1, 4, 5) ────────────────────────────────────────────────────────────────
  // Acura / Honda
  '19U': 'ACURA', // Marysville/East Liberty, Ohio
  '19X': 'HONDA', // Civic, Ohio and Indiana
  '1HF': 'HONDA', // motorcycles (Gold Wing), Marysville
  '1HG': 'HONDA', // Accord, Civic, Ohio
  '478': 'HONDA', // ATVs, Honda of South Carolina
  '5FN': 'HONDA', // Odyssey, Pilot, Alabama
  '5FP': 'HONDA', // Ridgeline, Alabama
  '5FR': 'ACURA', // MDX, Alabama
  '5J6': 'HONDA', // CR-V, East Liberty
  '5J8': 'ACURA', // RDX, MDX, East Liberty
  '7FA': 'HONDA', // CR-V, HR-V, Passport (newer WMI)
  '4S6': 'HONDA', // Passport 1998–2002, built by Subaru-Isuzu Automotive

  // Toyota / Lexus / Scion
  '1NX': 'TOYOTA', // Corolla, NUMMI
  '4T1': 'TOYOTA', // Camry, Avalon, Kentucky
  '4T3': 'TOYOTA', // Venza, RAV4, Kentucky
  '4T4': 'TOYOTA', // Camry built at Subaru of Indiana
  '4TA': 'TOYOTA', // Tacoma, NUMMI
  '58A': 'LEXUS', // ES, Kentucky
  '5TB': 'TOYOTA', // Tundra
  '5TD': 'TOYOTA', // Sienna, Highlander, Sequoia
  '5TE': 'TOYOTA', // Tacoma, NUMMI
  '5TF': 'TOYOTA', // Tundra, Tacoma (Texas)
  '5YF': 'TOYOTA', // Corolla, Mississippi
  '7MU': 'TOYOTA', // Corolla Cross, Alabama (Mazda Toyota Manufacturing)
  '5Y2': 'PONTIAC', // Vibe, NUMMI

  // Nissan / Infiniti
  '1N4': 'NISSAN', // Altima, Sentra, Maxima, Leaf
  '1N6': 'NISSAN', // Frontier, Titan
  '4N2': 'NISSAN', // Quest 1993–2002, Ohio
  '5N1': 'NISSAN', // Pathfinder, Rogue, Murano; also Infiniti JX35/QX60 (mostly Nissan)
  '5N3': 'INFINITI', // QX56, Canton

  // Mazda
  '1YV': 'MAZDA', // Mazda6, 626, MX-6, Flat Rock (AutoAlliance)
  '4F2': 'MAZDA', // Tribute, built by Ford
  '4F4': 'MAZDA', // B-Series pickup, built by Ford
  '7MM': 'MAZDA', // CX-50, Alabama

  // Subaru / Isuzu (Subaru-Isuzu Automotive)
  '4S2': 'ISUZU', // Rodeo, Amigo, Axiom
  '4S3': 'SUBARU', // Legacy, Outback
  '4S4': 'SUBARU', // Outback, Ascent
  '4NU': 'ISUZU', // Ascender, built by GM
  '1GG': 'ISUZU', // Hombre, i-Series, built by GM

  // Mitsubishi
  '4A3': 'MITSUBISHI', // Eclipse, Galant, Illinois
  '4A4': 'MITSUBISHI', // Endeavor, Outlander Sport, Illinois

  // Hyundai / Kia / Genesis
  '5NM': 'HYUNDAI', // Santa Fe, Alabama
  '5NP': 'HYUNDAI', // Sonata, Elantra, Alabama
  '5NT': 'HYUNDAI', // Santa Cruz, Alabama
  '5XX': 'KIA', // Optima, K5, Georgia
  '5XY': 'KIA', // Sorento, Sportage, Telluride, Georgia; also Hyundai Santa Fe 2010–2012 (mostly Kia)

  // BMW / Mercedes-Benz / Volkswagen / Volvo
  '4US': 'BMW', // Z3, Z4, early X5, South Carolina
  '5UX': 'BMW', // X3, X4, X5, X6, X7, South Carolina
  '5YM': 'BMW', // X5 M, X6 M, South Carolina
  '4JG': 'MERCEDES-BENZ', // M-, GL-, GLE-, GLS-Class, Alabama
  '55S': 'MERCEDES-BENZ', // C-Class, Alabama
  '1VW': 'VOLKSWAGEN', // Passat, Chattanooga
  '1V2': 'VOLKSWAGEN', // Atlas, ID.4, Chattanooga
  '7JR': 'VOLVO', // S60, South Carolina

  // Electric-vehicle makers
  '5YJ': 'TESLA', // Model S, 3, X, Y, Fremont/Austin
  '7SA': 'TESLA', // Model Y, X (multipurpose vehicles)
  '7G2': 'TESLA', // Cybertruck, Semi
  '7FC': 'RIVIAN', // R1T, commercial van
  '7PD': 'RIVIAN', // R1S
  '50E': 'LUCID', // Air, Gravity
  '7SY': 'POLESTAR', // Polestar 3, South Carolina

  // General Motors
  '1G1': 'CHEVROLET',
  '1G2': 'PONTIAC',
  '1G3': 'OLDSMOBILE',
  '1G4': 'BUICK',
  '1G6': 'CADILLAC',
  '1G8': 'SATURN',
  '1GA': 'CHEVROLET', // Express vans
  '1GB': 'CHEVROLET', // incomplete and commercial trucks
  '1GC': 'CHEVROLET', // Silverado, Colorado, trucks
  '1GD': 'GMC', // incomplete and commercial trucks
  '1GH': 'OLDSMOBILE', // Bravada, Silhouette
  '1GJ': 'GMC', // Savana vans
  '1GK': 'GMC', // Yukon, Acadia, Envoy
  '1GM': 'PONTIAC', // Montana, Trans Sport, Aztek
  '1GN': 'CHEVROLET', // Tahoe, Suburban, Traverse, Blazer
  '1GT': 'GMC', // Sierra, Canyon, Hummer EV
  '1GY': 'CADILLAC', // Escalade, SRX, XT4, XT5, XT6
  '5GA': 'BUICK', // Enclave
  '5GR': 'HUMMER', // H2
  '5GT': 'HUMMER', // H3, H3T
  '5GZ': 'SATURN', // Vue, Outlook, Relay
  '5S3': 'SAAB', // 9-7X, built by GM

  // Ford / Lincoln / Mercury
  '1FA': 'FORD', // passenger cars
  '1FB': 'FORD', // buses and passenger vans
  '1FC': 'FORD', // stripped chassis
  '1FD': 'FORD', // incomplete vehicles, Super Duty chassis cabs
  '1FM': 'FORD', // Explorer, Expedition, Escape, Bronco
  '1FT': 'FORD', // F-Series, Ranger, trucks
  '1ZV': 'FORD', // Mustang, Probe, Flat Rock (AutoAlliance)
  '1LN': 'LINCOLN',
  '5LM': 'LINCOLN', // Navigator, Aviator, MKT
  '5LT': 'LINCOLN', // Mark LT
  '1ME': 'MERCURY',
  '4M2': 'MERCURY', // Mountaineer, Villager

  // Chrysler / Stellantis
  '1A8': 'CHRYSLER', // Aspen
  '1B3': 'DODGE', // cars (Neon, Caliber, Stratus)
  '1B4': 'DODGE', // Durango, Caravan (before 2011)
  '1B7': 'DODGE', // Ram pickup, Dakota (1990s)
  '1C3': 'CHRYSLER', // Sebring, 200; also Dodge Dart and Avenger 2011–2016 (mostly Chrysler)
  '1C4': 'JEEP', // Grand Cherokee, Cherokee, Wrangler, Compass (2011+); also Dodge Durango, and Chrysler minivans before 2008 (mostly Jeep)
  '1C6': 'RAM', // Ram 1500 (2012+); also Jeep Gladiator (mostly Ram)
  '1D3': 'DODGE', // Ram pickup 2002–2010
  '1D4': 'DODGE', // Durango, Nitro, Caravan
  '1D7': 'DODGE', // Ram pickup, Dakota; 2011 Rams still used it (vPIC: RAM)
  '1D8': 'DODGE', // Durango, Nitro, Journey
  '1J4': 'JEEP', // before 2011
  '1J8': 'JEEP', // before 2011
  '1P3': 'PLYMOUTH',
  '1P4': 'PLYMOUTH', // Voyager

  // Heavy trucks, buses, motorcycles, powersports
  '1BA': 'BLUE BIRD',
  '1FU': 'FREIGHTLINER',
  '1FV': 'FREIGHTLINER',
  '4UZ': 'FREIGHTLINER', // Freightliner Custom Chassis
  '1HS': 'INTERNATIONAL',
  '1HT': 'INTERNATIONAL',
  '1M1': 'MACK',
  '1M2': 'MACK',
  '1NK': 'KENWORTH',
  '1XK': 'KENWORTH',
  '1NP': 'PETERBILT',
  '1XP': 'PETERBILT',
  '4V4': 'VOLVO TRUCK',
  '5KJ': 'WESTERN STAR',
  '5PV': 'HINO',
  '5B4': 'WORKHORSE', // Workhorse Custom Chassis
  '1HD': 'HARLEY DAVIDSON',
  '5HD': 'HARLEY DAVIDSON',
  '4MZ': 'BUELL',
  '56K': 'INDIAN', // Polaris-built Indian
  '5VP': 'VICTORY',
  '4XA': 'POLARIS',
  '57X': 'POLARIS', // Slingshot
  '4UF': 'ARCTIC CAT',
  '5Y4': 'YAMAHA', // ATVs and side-by-sides, Georgia

  // ── Canada (2) ─────────────────────────────────────────────────────────────────────────────
  '2HG': 'HONDA', // Civic, Alliston
  '2HH': 'ACURA', // EL, CSX, Alliston
  '2HJ': 'HONDA', // Ridgeline, Alliston
  '2HK': 'HONDA', // CR-V, Odyssey, Alliston
  '2HN': 'ACURA', // MDX, Alliston
  '2T1': 'TOYOTA', // Corolla, Matrix, Cambridge
  '2T2': 'LEXUS', // RX, NX, Cambridge
  '2T3': 'TOYOTA', // RAV4, Woodstock
  '2G1': 'CHEVROLET',
  '2G2': 'PONTIAC',
  '2G3': 'OLDSMOBILE',
  '2G4': 'BUICK',
  '2GC': 'CHEVROLET', // Silverado, Oshawa
  '2GK': 'GMC', // Terrain, CAMI
  '2GN': 'CHEVROLET', // Equinox, CAMI
  '2GT': 'GMC', // Sierra, Oshawa
  '2CK': 'PONTIAC', // Torrent, CAMI
  '2CN': 'CHEVROLET', // Equinox, CAMI
  '2CT': 'GMC', // Terrain, CAMI
  '2S3': 'SUZUKI', // XL-7, CAMI
  '2FA': 'FORD', // Crown Victoria, Oakville/St. Thomas
  '2FM': 'FORD', // Edge, Flex, Windstar, Freestar
  '2FT': 'FORD', // trucks
  '2LM': 'LINCOLN', // MKX, Nautilus
  '2LN': 'LINCOLN', // Town Car
  '2ME': 'MERCURY', // Grand Marquis
  '2MR': 'MERCURY', // Monterey
  '2A4': 'CHRYSLER', // Town & Country, Pacifica 2004–2010
  '2A8': 'CHRYSLER', // Town & Country 2008–2010
  '2B3': 'DODGE', // Intrepid, Charger and Challenger before 2011
  '2B4': 'DODGE', // Caravan
  '2B7': 'DODGE', // Ram Van
  '2C3': 'DODGE', // Charger, Challenger (2011+); also Chrysler 300 and, before 2011, only Chrysler (mostly Dodge by auction volume)
  '2C4': 'CHRYSLER', // Town & Country, Pacifica, Voyager; also Dodge Grand Caravan 2011–2020 (mostly Chrysler)
  '2C8': 'CHRYSLER', // Town & Country, Pacifica before 2011
  '2D4': 'DODGE', // Grand Caravan, Magnum
  '2D8': 'DODGE', // Grand Caravan
  '2P4': 'PLYMOUTH', // Voyager
  '2V4': 'VOLKSWAGEN', // Routan, built by Chrysler
  '2V8': 'VOLKSWAGEN', // Routan, built by Chrysler
  '2NK': 'KENWORTH',
  '2NP': 'PETERBILT',

  // ── Mexico (3) ─────────────────────────────────────────────────────────────────────────────
  '3A4': 'CHRYSLER', // PT Cruiser 2006–2010
  '3A8': 'CHRYSLER', // PT Cruiser 2006–2010
  '3B7': 'DODGE', // Ram pickup, Saltillo (1990s)
  '3C3': 'FIAT', // 500, Toluca; also a few Chrysler PT Cruiser convertibles (mostly Fiat)
  '3C4': 'JEEP', // Compass (2017+); also Dodge Journey 2011–2020 and PT Cruiser 2001–2005 (plurality Jeep)
  '3C6': 'RAM', // Ram HD, ProMaster, Saltillo
  '3C7': 'RAM', // Ram chassis cabs, Saltillo
  '3D4': 'DODGE', // Journey 2009–2010
  '3D7': 'DODGE', // Ram HD, Saltillo (before 2011)
  '3CZ': 'HONDA', // HR-V, Celaya
  '3HG': 'HONDA', // Fit, Celaya
  '3FA': 'FORD', // Fusion, Fiesta, Hermosillo/Cuautitlán
  '3FM': 'FORD', // Bronco Sport, Mustang Mach-E
  '3FT': 'FORD', // Maverick
  '3LN': 'LINCOLN', // MKZ, Hermosillo
  '3ME': 'MERCURY', // Milan, Hermosillo
  '3G1': 'CHEVROLET',
  '3G5': 'BUICK', // Rendezvous, Ramos Arizpe
  '3G7': 'PONTIAC', // Aztek, Ramos Arizpe
  '3GC': 'CHEVROLET', // Silverado, Silao
  '3GK': 'GMC', // Terrain, Sierra
  '3GN': 'CHEVROLET', // Equinox, Blazer, HHR, Trax
  '3GT': 'GMC', // Sierra, Silao
  '3GY': 'CADILLAC', // SRX, Escalade EXT
  '3KP': 'KIA', // Forte, Rio, Pesquería; also Hyundai Accent 2018–2022 built there (mostly Kia)
  '3MV': 'MAZDA', // CX-30, Salamanca
  '3MW': 'BMW', // 3 Series, San Luis Potosí
  '3MY': 'TOYOTA', // Yaris sedan/iA, built by Mazda; also Scion iA 2016 (mostly Toyota)
  '3MZ': 'MAZDA', // Mazda3, Salamanca
  '3N1': 'NISSAN', // Sentra, Versa, Tsuru
  '3N6': 'NISSAN', // NV200, Frontier; also Chevrolet City Express (mostly Nissan)
  '3N8': 'NISSAN', // Kicks
  '3PC': 'INFINITI', // QX50, QX55, Aguascalientes
  '3TM': 'TOYOTA', // Tacoma, Baja California
  '3TY': 'TOYOTA', // Tacoma, Guanajuato
  '3VV': 'VOLKSWAGEN', // Tiguan, Taos, Puebla
  '3VW': 'VOLKSWAGEN', // Jetta, Beetle, Golf, Puebla
  '3AK': 'FREIGHTLINER', // Cascadia, Mexico
  '3AL': 'FREIGHTLINER', // M2, Mexico
  '3HA': 'INTERNATIONAL', // Escobedo
  '3HS': 'INTERNATIONAL', // Escobedo
  '3JB': 'CAN-AM', // BRP ATVs and side-by-sides, Juárez
  '3NS': 'POLARIS', // RZR and Ranger, Monterrey

  // ── Oceania and South America ──────────────────────────────────────────────────────────────
  '6FP': 'FORD', // Australia
  '6G2': 'PONTIAC', // GTO, G8, built by Holden
  '6G3': 'CHEVROLET', // SS, Caprice PPV, built by Holden
  '6T1': 'TOYOTA', // Camry, Australia
  '8AJ': 'TOYOTA', // Hilux, Argentina
  '9BD': 'FIAT', // Brazil
  '9BF': 'FORD', // Brazil
  '9BG': 'CHEVROLET', // Brazil
  '9BR': 'TOYOTA', // Brazil
  '9BW': 'VOLKSWAGEN', // Brazil

  // ── Africa ─────────────────────────────────────────────────────────────────────────────────
  AAV: 'VOLKSWAGEN', // South Africa
  AFA: 'FORD', // South Africa
  AHT: 'TOYOTA', // Hilux, Fortuner, South Africa

  // ── Japan (J) ──────────────────────────────────────────────────────────────────────────────
  JA3: 'MITSUBISHI', // cars (Lancer, Mirage, Eclipse)
  JA4: 'MITSUBISHI', // Outlander, Montero, Outlander Sport
  JA7: 'MITSUBISHI', // trucks (Mighty Max)
  JMB: 'MITSUBISHI', // Pajero, Lancer for export
  JMY: 'MITSUBISHI', // Pajero, Montero for export
  JL6: 'MITSUBISHI FUSO', // FE/FG trucks
  JAA: 'ISUZU', // pickups
  JAC: 'ISUZU', // Trooper, Rodeo, VehiCROSS
  JAL: 'ISUZU', // N-Series (NPR) trucks
  JC1: 'FIAT', // 124 Spider, built by Mazda
  JDA: 'DAIHATSU',
  JF1: 'SUBARU', // cars (Impreza, WRX, BRZ); also Scion FR-S and Toyota 86 built by Subaru (mostly Subaru)
  JF2: 'SUBARU', // Forester, Crosstrek, Outback
  JH2: 'HONDA', // motorcycles
  JH4: 'ACURA',
  JHL: 'HONDA', // CR-V, Element
  JHM: 'HONDA', // cars (Civic, Accord, Fit, Insight)
  JKA: 'KAWASAKI', // motorcycles and ATVs
  JM1: 'MAZDA', // cars
  JM2: 'MAZDA', // trucks
  JM3: 'MAZDA', // SUVs (CX-5, CX-9, MPV)
  JMZ: 'MAZDA', // for export (Europe, Middle East)
  JN1: 'NISSAN', // cars (Z, GT-R, Leaf, Rogue Sport); also some Infiniti (Q50, Q60) (mostly Nissan)
  JN6: 'NISSAN', // trucks
  JN8: 'NISSAN', // Murano, Pathfinder, Armada, Patrol, Rogue; also Infiniti QX56/QX80 (mostly Nissan)
  JNK: 'INFINITI', // cars (G, M, Q)
  JNR: 'INFINITI', // FX, EX, QX70
  JS1: 'SUZUKI', // motorcycles
  JS2: 'SUZUKI', // cars
  JS3: 'SUZUKI', // Vitara, Grand Vitara, Samurai
  JSA: 'SUZUKI', // for export (Jimny, Swift)
  JT2: 'TOYOTA', // cars (Camry, Corolla, Celica, Supra, MR2)
  JT3: 'TOYOTA', // 4Runner, Land Cruiser, RAV4
  JT4: 'TOYOTA', // pickups, T100
  JT6: 'LEXUS', // RX
  JT8: 'LEXUS', // LS, ES, SC
  JTD: 'TOYOTA', // Prius, Yaris, Corolla, Camry
  JTE: 'TOYOTA', // 4Runner, Land Cruiser, Prado, FJ Cruiser, Highlander
  JTH: 'LEXUS', // cars (IS, GS, LS, ES, RC, CT)
  JTJ: 'LEXUS', // SUVs (RX, GX, LX, NX)
  JTK: 'SCION', // tC, xD
  JTL: 'SCION', // xB
  JTM: 'TOYOTA', // RAV4, Land Cruiser
  JTN: 'TOYOTA', // Camry, Corolla hatchback, C-HR
  JY4: 'YAMAHA', // ATVs
  JYA: 'YAMAHA', // motorcycles

  // ── Korea (K) ──────────────────────────────────────────────────────────────────────────────
  KL1: 'CHEVROLET', // Aveo, Sonic, Spark, built by GM Korea
  KL4: 'BUICK', // Encore, Encore GX, Envista
  KL5: 'SUZUKI', // Forenza, Reno, built by GM Daewoo
  KL7: 'CHEVROLET', // Trax, Trailblazer
  KL8: 'CHEVROLET', // Spark
  KLA: 'DAEWOO',
  KM8: 'HYUNDAI', // SUVs (Tucson, Santa Fe, Palisade)
  KMF: 'HYUNDAI', // commercial (H-100, Porter, County)
  KMH: 'HYUNDAI', // cars; also Genesis G80/G90 2017–2020 (mostly Hyundai)
  KMT: 'GENESIS', // G70, G80, G90
  KMU: 'GENESIS', // GV70, GV80
  KNA: 'KIA', // cars
  KND: 'KIA', // SUVs (Sportage, Sorento, Soul)
  KNM: 'NISSAN', // Rogue 2014–2020, built by Renault Samsung in Busan (mostly Nissan for the US)
  KPT: 'SSANGYONG',

  // ── China (L) ──────────────────────────────────────────────────────────────────────────────
  LB3: 'GEELY',
  LBE: 'HYUNDAI', // Beijing Hyundai
  LBV: 'BMW', // BMW Brilliance
  LC0: 'BYD',
  LE4: 'MERCEDES-BENZ', // Beijing Benz
  LFV: 'VOLKSWAGEN', // FAW-Volkswagen
  LGB: 'NISSAN', // Dongfeng Nissan
  LGW: 'GREAT WALL', // Great Wall, Haval
  LGX: 'BYD',
  LJD: 'KIA', // Dongfeng Yueda Kia
  LPS: 'POLESTAR',
  LRB: 'BUICK', // Envision
  LRW: 'TESLA', // Shanghai
  LS5: 'CHANGAN',
  LSJ: 'MG', // SAIC MG
  LSV: 'VOLKSWAGEN', // SAIC Volkswagen
  LTV: 'TOYOTA', // FAW Toyota
  LVG: 'TOYOTA', // GAC Toyota
  LVS: 'FORD', // Changan Ford
  LVV: 'CHERY',
  LYV: 'VOLVO', // S60, S90, XC60 built in China

  // ── South and Southeast Asia, Turkey (M, N) ────────────────────────────────────────────────
  MAJ: 'FORD', // EcoSport, India
  MAL: 'HYUNDAI', // India
  ME3: 'ROYAL ENFIELD',
  MHF: 'TOYOTA', // Indonesia
  ML3: 'MITSUBISHI', // Mirage, Thailand
  MLH: 'HONDA', // motorcycles (Grom, Monkey), Thailand
  MMB: 'MITSUBISHI', // Triton, Pajero Sport, Thailand
  MNB: 'FORD', // Ranger, Thailand
  MNT: 'NISSAN', // Navara, Thailand
  MPA: 'ISUZU', // D-Max, MU-X, Thailand
  MR0: 'TOYOTA', // Hilux, Fortuner, Thailand
  MRH: 'HONDA', // City, Civic, Accord, Thailand
  NM0: 'FORD', // Transit Connect, Turkey
  NMT: 'TOYOTA', // C-HR, Corolla, Turkey

  // ── Europe (S–Z) ───────────────────────────────────────────────────────────────────────────
  // United Kingdom
  SAD: 'JAGUAR', // F-Pace, E-Pace, I-Pace
  SAJ: 'JAGUAR',
  SAL: 'LAND ROVER',
  SB1: 'TOYOTA', // Corolla, Auris, Avensis, Burnaston
  SBM: 'MCLAREN',
  SCA: 'ROLLS ROYCE',
  SCB: 'BENTLEY',
  SCC: 'LOTUS',
  SCF: 'ASTON MARTIN',
  SHH: 'HONDA', // Civic, Swindon
  SHS: 'HONDA', // CR-V, Swindon
  SJA: 'BENTLEY', // Bentayga and later models
  SJK: 'INFINITI', // Q30, QX30, Sunderland
  SJN: 'NISSAN', // Qashqai, Juke, Sunderland
  SMT: 'TRIUMPH', // motorcycles
  // Central Europe
  TMA: 'HYUNDAI', // Czech Republic
  TMB: 'SKODA',
  TRU: 'AUDI', // TT, Hungary
  TSM: 'SUZUKI', // SX4, Vitara, Hungary
  U5Y: 'KIA', // Slovakia
  U6Y: 'KIA', // Slovakia
  VBK: 'KTM',
  // France and Spain
  VF1: 'RENAULT',
  VF3: 'PEUGEOT',
  VF7: 'CITROEN',
  VF9: 'BUGATTI',
  VNK: 'TOYOTA', // Yaris, France
  VR3: 'PEUGEOT',
  VS6: 'FORD', // Spain
  VSK: 'NISSAN', // Navara, Pathfinder, Spain
  VSS: 'SEAT',
  // Germany
  W04: 'BUICK', // Regal, Cascada, built by Opel
  W06: 'CADILLAC', // Catera, built by Opel
  W08: 'SATURN', // Astra, built by Opel
  W0L: 'OPEL',
  W0V: 'OPEL',
  W1K: 'MERCEDES-BENZ', // cars (2019+)
  W1N: 'MERCEDES-BENZ', // SUVs (2019+)
  W1V: 'MERCEDES-BENZ', // vans: V-Class, Metris (2019+)
  W1Y: 'MERCEDES-BENZ', // Sprinter (2019+)
  WA1: 'AUDI', // SUVs (Q5, Q7, Q8, e-tron)
  WAU: 'AUDI',
  WB1: 'BMW', // motorcycles
  WBA: 'BMW',
  WBS: 'BMW', // M GmbH
  WBX: 'BMW', // X1, X2, X3
  WBY: 'BMW', // i3, i4, i8, iX
  WD3: 'MERCEDES-BENZ', // Sprinter, Metris
  WD4: 'MERCEDES-BENZ', // Sprinter, Metris
  WDB: 'MERCEDES-BENZ',
  WDC: 'MERCEDES-BENZ', // SUVs (before 2019)
  WDD: 'MERCEDES-BENZ', // cars (before 2019)
  WDF: 'MERCEDES-BENZ', // vans (Vito, Viano)
  WF0: 'FORD', // Germany
  WME: 'SMART',
  WMW: 'MINI',
  WMZ: 'MINI', // Countryman, Clubman
  WP0: 'PORSCHE', // cars
  WP1: 'PORSCHE', // SUVs (Cayenne, Macan)
  WUA: 'AUDI', // Audi Sport (R8, RS models)
  WV1: 'VOLKSWAGEN', // commercial vehicles
  WV2: 'VOLKSWAGEN', // buses and vans (Vanagon, EuroVan, Transporter)
  WVG: 'VOLKSWAGEN', // SUVs (Touareg, Tiguan, ID.4)
  WVW: 'VOLKSWAGEN', // cars
  XP7: 'TESLA', // Berlin
  // Sweden and Finland
  YK1: 'SAAB', // built in Finland
  YS3: 'SAAB',
  YSM: 'POLESTAR',
  YSR: 'POLESTAR',
  YV1: 'VOLVO', // cars
  YV4: 'VOLVO', // SUVs (XC60, XC90)
  // Italy
  ZA9: 'LAMBORGHINI', // before the Urus
  ZAC: 'JEEP', // Renegade, Compass, built in Melfi
  ZAM: 'MASERATI',
  ZAR: 'ALFA ROMEO',
  ZAS: 'ALFA ROMEO', // Stelvio, Tonale
  ZCG: 'MV AGUSTA', // also Cagiva
  ZD4: 'APRILIA',
  ZDC: 'HONDA', // motorcycles, Italy
  ZDM: 'DUCATI',
  ZFA: 'FIAT',
  ZFB: 'FIAT', // 500L, 500X; also Ram ProMaster City (mostly Fiat)
  ZFF: 'FERRARI',
  ZGU: 'MOTO GUZZI',
  ZHW: 'LAMBORGHINI',
  ZPB: 'LAMBORGHINI', // Urus
});

const WMI_LENGTH = 3;

/** The make a VIN's WMI stands for, as vPIC spells it, or null when the WMI is not in the table. */
export function manufacturerFromVin(vin: string): string | null {
  const wmi = vin.trim().toUpperCase().slice(0, WMI_LENGTH);
  if (wmi.length < WMI_LENGTH || !Object.hasOwn(WMI_MANUFACTURERS, wmi)) return null;
  return WMI_MANUFACTURERS[wmi] ?? null;
}

/**
 * Position-10 year codes in order: A = 1980 (and 2010) … Y = 2000 (and 2030), then 1 = 2001 (and
 * 2031) … 9 = 2009 (and 2039). I, O, Q, U, Z and 0 are never year codes.
 */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const FIRST_CYCLE_START = 1980;
const CYCLE_YEARS = 30;

/**
 * The model year encoded in position 10, or null for input shorter than 10 characters or a
 * character that is no year code.
 *
 * The code repeats every 30 years. Like NHTSA for passenger cars, MPVs and light trucks, a letter
 * in position 7 picks the later cycle (2010 onwards) and a digit the earlier one (1980–2009); any
 * other character there (a wildcard) is read like a letter. No model year is later than next calendar year, so a later-cycle year past that falls back to the
 * earlier cycle. (Motorcycles, trailers and heavy trucks do not follow the position-7 rule; for
 * them the answer is the best guess only.)
 */
export function modelYearFromVin(vin: string): number | null {
  const v = vin.trim().toUpperCase();
  if (v.length < 10) return null;
  const index = YEAR_CODES.indexOf(v.charAt(9));
  if (index < 0) return null;
  const earlier = FIRST_CYCLE_START + index;
  const later = earlier + CYCLE_YEARS;
  const latestPossible = new Date().getUTCFullYear() + 1;
  const position7 = v.charAt(6);
  if (position7 >= '0' && position7 <= '9') return earlier;
  return later <= latestPossible ? later : earlier;
}
