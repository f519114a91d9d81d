import { badInputSuite } from './bad-input.suite';

badInputSuite(1, 2);
