import { checkSqlTextAgainstDrizzle } from '../db/sqlText';

// Every statement the api tests send through queryRows is rendered by Drizzle too: sqlText must agree.
checkSqlTextAgainstDrizzle(true);
