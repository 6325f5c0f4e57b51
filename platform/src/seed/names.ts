/** Word lists the seed draws realistic (and entirely fictitious) names and places from. */

// prettier-ignore
export const FIRST_NAMES = [
  'Aaliyah', 'Aaron', 'Abigail', 'Adrian', 'Aisha', 'Alan', 'Alejandro', 'Alice', 'Amara', 'Amelia', 'Andre',
  'Andrea', 'Angela', 'Anil', 'Anna', 'Anthony', 'Arjun', 'Ava', 'Beatriz', 'Benjamin', 'Bianca', 'Brandon',
  'Brian', 'Camila', 'Carlos', 'Caroline', 'Catherine', 'Chen', 'Chloe', 'Christopher', 'Claire', 'Daniel',
  'David', 'Deepa', 'Diana', 'Diego', 'Dmitri', 'Eleanor', 'Elena', 'Elijah', 'Emily', 'Emma', 'Eric', 'Ethan',
  'Fatima', 'Felipe', 'Fiona', 'Gabriel', 'Grace', 'Hannah', 'Harper', 'Hassan', 'Henry', 'Hiroshi', 'Imani',
  'Isaac', 'Isabel', 'Jacob', 'James', 'Jamal', 'Jasmine', 'Javier', 'Jennifer', 'Jessica', 'Jin', 'John',
  'Jordan', 'Jose', 'Joseph', 'Julia', 'Kai', 'Karen', 'Katherine', 'Kevin', 'Kiara', 'Laura', 'Leah', 'Leila',
  'Liam', 'Lucas', 'Lucia', 'Madison', 'Malik', 'Maria', 'Mark', 'Marcus', 'Maya', 'Mei', 'Michael', 'Michelle',
  'Miguel', 'Mohammed', 'Nadia', 'Naomi', 'Natalie', 'Nathan', 'Nia', 'Nicholas', 'Noah', 'Olivia', 'Omar',
  'Owen', 'Patricia', 'Paul', 'Priya', 'Rachel', 'Rafael', 'Rahul', 'Rebecca', 'Ricardo', 'Robert', 'Rosa',
  'Ryan', 'Samantha', 'Samuel', 'Sara', 'Sean', 'Sofia', 'Sophia', 'Stephen', 'Sun', 'Tamara', 'Thomas',
  'Tomas', 'Valentina', 'Victor', 'Wei', 'William', 'Yara', 'Yusuf', 'Zara', 'Zoe',
] as const;

// prettier-ignore
export const LAST_NAMES = [
  'Adams', 'Ahmed', 'Alvarez', 'Anderson', 'Bailey', 'Baker', 'Banerjee', 'Bennett', 'Brooks', 'Brown',
  'Campbell', 'Carter', 'Castillo', 'Chang', 'Chen', 'Clark', 'Collins', 'Cooper', 'Cruz', 'Davis', 'Diaz',
  'Dubois', 'Edwards', 'Evans', 'Fischer', 'Flores', 'Foster', 'Garcia', 'Gomez', 'Gonzalez', 'Gray', 'Green',
  'Gupta', 'Hall', 'Harris', 'Hayes', 'Hernandez', 'Hill', 'Hughes', 'Ito', 'Jackson', 'James', 'Jenkins',
  'Johnson', 'Jones', 'Kapoor', 'Kelly', 'Khan', 'Kim', 'King', 'Kowalski', 'Kumar', 'Lee', 'Lewis', 'Lopez',
  'Martin', 'Martinez', 'Mendoza', 'Miller', 'Mitchell', 'Moore', 'Morales', 'Morgan', 'Murphy', 'Murray',
  'Nakamura', 'Nelson', 'Nguyen', 'Novak', 'Okafor', 'Ortiz', 'Owens', 'Patel', 'Perez', 'Peterson', 'Phillips',
  'Price', 'Ramirez', 'Reed', 'Reyes', 'Richardson', 'Rivera', 'Roberts', 'Robinson', 'Rodriguez', 'Rogers',
  'Rossi', 'Russell', 'Sanchez', 'Santos', 'Schmidt', 'Scott', 'Shah', 'Silva', 'Singh', 'Smith', 'Stewart',
  'Sullivan', 'Tanaka', 'Taylor', 'Thomas', 'Thompson', 'Torres', 'Tran', 'Turner', 'Walker', 'Wang', 'Ward',
  'Watson', 'White', 'Williams', 'Wilson', 'Wong', 'Wright', 'Yamamoto', 'Young', 'Zhang',
] as const;

/** Regional words organization names start with. */
// prettier-ignore
export const PLACES = [
  'Northwind', 'Blue Ridge', 'Cascade', 'Lakeshore', 'Summit', 'Riverbend', 'Prairie', 'Harbor', 'Granite',
  'Sierra', 'Evergreen', 'Keystone', 'Bayou', 'Mesa', 'Pinecrest', 'Redwood', 'Silver Lake', 'Tidewater',
  'Magnolia', 'Great Plains', 'Ozark', 'Heartland', 'Coastal', 'Frontier', 'Lone Star', 'Sunbelt', 'Chesapeake',
  'Allegheny', 'Willamette', 'Piedmont', 'Copper Valley', 'Bluegrass', 'Gulf Coast', 'High Desert',
  'Hudson Valley', 'Mountain View', 'Three Rivers', 'Twin Cities', 'Golden Gate', 'Sandhills', 'Big Sky',
  'Cumberland', 'Palmetto', 'Red River', 'Shoreline', 'Timberline', 'Crescent', 'Lakeview', 'Brightwater',
  'Oak Hollow',
] as const;

/** Second halves of organization names, by customer segment (ids of seed/catalog.ts). */
export const SEGMENT_NOUNS: Record<string, readonly string[]> = {
  'health-plan': [
    'Health Partners',
    'Health Plan',
    'Community Health Plan',
    'Care Alliance',
    'Medical Mutual',
    'HealthCare Cooperative',
  ],
  'provider-group': [
    'Medical Group',
    'Health System',
    'Physicians',
    'Clinic Network',
    'Regional Medical Center',
    'Family Practice Associates',
  ],
  'life-sciences': ['Therapeutics', 'Biosciences', 'Pharmaceuticals', 'Medical Devices', 'Genomics', 'Life Sciences'],
  government: [
    'Public Health Department',
    'Health Authority',
    'Department of Health Services',
    'Public Health District',
  ],
  employer: ['Manufacturing', 'Logistics', 'Energy Cooperative', 'Retail Group', 'Foods', 'Transit Authority'],
};

/** Cities with their state and a zip code of the area (the seed varies the last digits). */
// prettier-ignore
export const CITIES: readonly (readonly [city: string, state: string, zip: number])[] = [
  ['Boston', 'MA', 2108], ['Worcester', 'MA', 1601], ['Providence', 'RI', 2903], ['Hartford', 'CT', 6103],
  ['Albany', 'NY', 12207], ['Buffalo', 'NY', 14202], ['Newark', 'NJ', 7102], ['Philadelphia', 'PA', 19103],
  ['Pittsburgh', 'PA', 15222], ['Baltimore', 'MD', 21202], ['Richmond', 'VA', 23219], ['Raleigh', 'NC', 27601],
  ['Charlotte', 'NC', 28202], ['Columbia', 'SC', 29201], ['Atlanta', 'GA', 30303],
  ['Jacksonville', 'FL', 32202], ['Tampa', 'FL', 33602], ['Miami', 'FL', 33130], ['Birmingham', 'AL', 35203],
  ['Nashville', 'TN', 37203], ['Louisville', 'KY', 40202], ['Columbus', 'OH', 43215],
  ['Cleveland', 'OH', 44113], ['Detroit', 'MI', 48226], ['Indianapolis', 'IN', 46204], ['Chicago', 'IL', 60603],
  ['Springfield', 'IL', 62701], ['Milwaukee', 'WI', 53202], ['Minneapolis', 'MN', 55401],
  ['Des Moines', 'IA', 50309], ['St. Louis', 'MO', 63101], ['Kansas City', 'MO', 64105], ['Omaha', 'NE', 68102],
  ['New Orleans', 'LA', 70112], ['Little Rock', 'AR', 72201], ['Oklahoma City', 'OK', 73102],
  ['Dallas', 'TX', 75201], ['Houston', 'TX', 77002], ['Austin', 'TX', 78701], ['San Antonio', 'TX', 78205],
  ['Denver', 'CO', 80202], ['Salt Lake City', 'UT', 84101], ['Albuquerque', 'NM', 87102],
  ['Phoenix', 'AZ', 85004], ['Las Vegas', 'NV', 89101], ['Los Angeles', 'CA', 90012],
  ['San Diego', 'CA', 92101], ['Sacramento', 'CA', 95814], ['San Francisco', 'CA', 94102],
  ['Portland', 'OR', 97204], ['Seattle', 'WA', 98101], ['Boise', 'ID', 83702],
];

// prettier-ignore
export const SPECIALTIES = [
  'Family Medicine', 'Internal Medicine', 'Pediatrics', 'Cardiology', 'Oncology', 'Orthopedic Surgery',
  'Dermatology', 'Neurology', 'Obstetrics and Gynecology', 'Psychiatry', 'Radiology', 'Emergency Medicine',
  'Endocrinology', 'Gastroenterology', 'Nephrology', 'Pulmonology', 'Rheumatology', 'Urology', 'Ophthalmology',
  'Anesthesiology', 'General Surgery', 'Physical Therapy', 'Nurse Practitioner', 'Infectious Disease',
] as const;

export const CLINICIAN_CREDENTIALS = ['MD', 'MD', 'MD', 'DO', 'NP', 'PA-C'] as const;

/** Words of facility names in the provider directory. */
export const FACILITY_KINDS = [
  'Associates',
  'Clinic',
  'Medical Center',
  'Specialists',
  'Care Center',
  'Partners',
] as const;

/** Neighbourhoods of the aliases organizations give their providers. */
export const CAMPUSES = [
  'North Campus',
  'South Campus',
  'Downtown',
  'Eastside',
  'Westside',
  'Main Street',
  'Riverside',
  'Airport Road',
] as const;

/** Lowercase, hyphen-joined words: an organization id or an email's local part. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
