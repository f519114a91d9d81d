import type { SeededRandom } from './large-random';

/**
 * Word lists for the large seed's names: regions for jurisdictions, areas, conferences and
 * districts; towns and dedications for churches; first and last names for people. Names
 * repeat across the organisation the way real ones do ("Grace Church" in many districts).
 */

export const JURISDICTION_NAMES = ['North Central Jurisdiction', 'Northeastern Jurisdiction', 'Western Jurisdiction'];

const REGIONS = [
  'Allegheny', 'Appalachian', 'Arkansas River', 'Big Sky', 'Black Hills', 'Bluegrass', 'Brazos', 'Cape Fear',
  'Cascade', 'Catskill', 'Chesapeake', 'Cimarron', 'Coastal Plain', 'Columbia Basin', 'Cumberland', 'Delta',
  'Desert Southwest', 'Driftless', 'Finger Lakes', 'Flint Hills', 'Gateway', 'Golden Valley', 'Great Basin',
  'Great Lakes', 'Green Mountain', 'Gulf Coast', 'Heartland', 'High Desert', 'Hudson Valley', 'Inland Empire',
  'Iron Range', 'Kanawha', 'Lake Country', 'Laurel Highlands', 'Lowcountry', 'Mesabi', 'Mississippi Valley',
  'Mohawk Valley', 'Monongahela', 'Mountain Sky', 'New River', 'North Woods', 'Ohio Valley', 'Olympic',
  'Ozark', 'Pacific Northwest', 'Palmetto', 'Panhandle', 'Peninsula', 'Piney Woods', 'Platte River',
  'Potomac', 'Red River', 'Rio Grande', 'Rocky Mountain', 'Sandhills', 'Savannah River', 'Shenandoah',
  'Sierra', 'Smoky Mountain', 'Snake River', 'Susquehanna', 'Tallgrass', 'Tennessee Valley', 'Tidewater',
  'Treasure Coast', 'Twin Rivers', 'Upper Midwest', 'Wabash', 'Willamette', 'Wind River', 'Yellowstone',
];

const DIRECTIONS = ['North', 'South', 'East', 'West', 'Central', 'Northeast', 'Northwest', 'Southeast', 'Southwest', 'Upper', 'Lower'];

const TOWNS = [
  'Ashland', 'Bayside', 'Beech Grove', 'Bellmont', 'Birch Hollow', 'Bridgeport', 'Brookside', 'Burlington',
  'Camden', 'Canton', 'Carrollton', 'Cedar Creek', 'Centerville', 'Chestnut Ridge', 'Clarksville', 'Clearwater',
  'Clifton', 'Cold Spring', 'Concord', 'Cottonwood', 'Crestview', 'Cross Roads', 'Dayton', 'Deer Park',
  'Dogwood', 'Dover', 'Eastgate', 'Elm Grove', 'Fairfield', 'Fairview', 'Farmington', 'Forest Hill',
  'Franklin', 'Georgetown', 'Glendale', 'Glenwood', 'Green Valley', 'Greenfield', 'Hamilton', 'Hanover',
  'Harmony Grove', 'Harrison', 'Hazelwood', 'Highland', 'Hillcrest', 'Hopewell', 'Jackson', 'Kingston',
  'Lakeview', 'Laurel', 'Lebanon', 'Lexington', 'Liberty', 'Linden', 'Madison', 'Maple Grove', 'Marion',
  'Meadowbrook', 'Milford', 'Mill Creek', 'Millbrook', 'Milton', 'Monroe', 'Mount Pleasant', 'New Hope',
  'Newport', 'Oak Grove', 'Oak Hill', 'Oakdale', 'Olive Branch', 'Parkview', 'Pine Bluff', 'Pine Ridge',
  'Pleasant Hill', 'Pleasant Valley', 'Plainview', 'Prospect', 'Red Oak', 'Richland', 'Ridgeway', 'River Bend',
  'Riverside', 'Rock Springs', 'Rolling Hills', 'Rosedale', 'Salem', 'Sandy Ridge', 'Shady Grove', 'Sharon',
  'Shelbyville', 'Silver Lake', 'Spring Hill', 'Springfield', 'Stone Mountain', 'Sugar Creek', 'Summit',
  'Sycamore', 'Union Grove', 'Valley View', 'Walnut Creek', 'Warren', 'Washington', 'Waverly', 'Westfield',
  'Willow Springs', 'Winchester', 'Woodland', 'Woodstock',
];

const DEDICATIONS = [
  'Aldersgate', 'Asbury', 'Bethany', 'Bethel', 'Calvary', 'Centenary', 'Christ', 'Community', 'Ebenezer',
  'Emmanuel', 'Epworth', 'Faith', 'First', 'Good Shepherd', 'Grace', 'Harmony', 'Hope', 'Living Water',
  'Memorial', 'Mount Zion', 'New Life', 'Peace', 'Providence', 'Saint Andrew', 'Saint John', 'Saint Luke',
  'Saint Mark', 'Saint Paul', 'Shiloh', 'Trinity', 'Union', 'Wesley', 'Zion',
];

export const FIRST_NAMES = [
  'Aaliyah', 'Abigail', 'Adrian', 'Aisha', 'Alejandro', 'Alice', 'Amara', 'Andre', 'Angela', 'Anthony',
  'Ava', 'Benjamin', 'Brandon', 'Caleb', 'Camila', 'Carlos', 'Caroline', 'Charles', 'Chloe', 'Christopher',
  'Daniel', 'David', 'Deborah', 'Diana', 'Dmitri', 'Edward', 'Elena', 'Elijah', 'Elizabeth', 'Emeka',
  'Emily', 'Emmanuel', 'Esther', 'Ethan', 'Fatima', 'Gabriel', 'Grace', 'Hannah', 'Hector', 'Hiroshi',
  'Isaac', 'Isabella', 'Jacob', 'James', 'Jasmine', 'Javier', 'Jennifer', 'Jessica', 'Joanna', 'John',
  'Jonathan', 'Joseph', 'Joshua', 'Julia', 'Kayla', 'Keisha', 'Kenji', 'Kevin', 'Kwame', 'Laura',
  'Lauren', 'Leah', 'Liam', 'Linh', 'Lucas', 'Lucia', 'Malik', 'Margaret', 'Maria', 'Mark', 'Martha',
  'Matthew', 'Mei', 'Michael', 'Miriam', 'Naomi', 'Nathan', 'Nia', 'Noah', 'Olivia', 'Omar', 'Patricia',
  'Paul', 'Rachel', 'Rebecca', 'Ricardo', 'Robert', 'Ruth', 'Samuel', 'Sarah', 'Sofia', 'Stephen',
  'Tamika', 'Thomas', 'Timothy', 'Tomas', 'Victoria', 'William', 'Yolanda', 'Zachary',
];

export const LAST_NAMES = [
  'Abernathy', 'Adeyemi', 'Alvarez', 'Anderson', 'Baker', 'Banerjee', 'Bennett', 'Brooks', 'Brown', 'Campbell',
  'Carter', 'Castillo', 'Chen', 'Clark', 'Coleman', 'Collins', 'Cooper', 'Cruz', 'Davis', 'Diaz', 'Edwards',
  'Evans', 'Fischer', 'Flores', 'Foster', 'Garcia', 'Gomez', 'Gonzalez', 'Gray', 'Green', 'Hall', 'Harris',
  'Hayes', 'Henderson', 'Hernandez', 'Hill', 'Howard', 'Hughes', 'Ibrahim', 'Jackson', 'James', 'Jenkins',
  'Johnson', 'Jones', 'Kang', 'Kelly', 'Kim', 'King', 'Kowalczyk', 'Lee', 'Lewis', 'Lopez', 'Martin',
  'Martinez', 'Mensah', 'Mitchell', 'Moore', 'Morales', 'Morgan', 'Murphy', 'Nakamura', 'Nelson', 'Nguyen',
  'Novak', 'Okonkwo', 'Ortiz', 'Owens', 'Park', 'Parker', 'Patel', 'Perez', 'Peterson', 'Phillips', 'Price',
  'Ramirez', 'Reed', 'Reyes', 'Richardson', 'Rivera', 'Roberts', 'Robinson', 'Rodriguez', 'Rogers', 'Ross',
  'Russell', 'Sanchez', 'Sanders', 'Scott', 'Shah', 'Silva', 'Smith', 'Stewart', 'Sullivan', 'Taylor',
  'Thomas', 'Thompson', 'Torres', 'Tran', 'Turner', 'Walker', 'Ward', 'Washington', 'Watson', 'White',
  'Williams', 'Wilson', 'Wright', 'Yamamoto', 'Young', 'Zhang',
];

/** Where unique names come from: regions for areas and conferences, regions and towns for districts. */
export const NAME_POOLS = { regions: REGIONS, regionsAndTowns: [...REGIONS, ...TOWNS] } as const;

/**
 * Hands out names of one kind without repeats: "<Name> <suffix>" from the pool, then
 * "<Direction> <Name> <suffix>" once plain ones get scarce. `taken` holds existing names.
 */
export function uniqueNamer(random: SeededRandom, pool: readonly string[], suffix: string, taken: Iterable<string> = []) {
  const used = new Set(taken);
  return (): string => {
    for (let attempt = 0; attempt < 1000; attempt++) {
      const base = random.pick(pool);
      const name = attempt < 20 ? `${base} ${suffix}` : `${random.pick(DIRECTIONS)} ${base} ${suffix}`;
      if (!used.has(name)) {
        used.add(name);
        return name;
      }
    }
    throw new Error(`Ran out of ${suffix} names`);
  };
}

/** "Millbrook Grace Church", "First Church of Salem", "Oak Hill Wesley Chapel". */
export function churchName(random: SeededRandom): string {
  const town = random.pick(TOWNS);
  const dedication = random.pick(DEDICATIONS);
  const pattern = random.next();
  if (pattern < 0.7) return `${town} ${dedication} Church`;
  if (pattern < 0.85) return `${dedication} Church of ${town}`;
  return `${town} ${dedication} Chapel`;
}
