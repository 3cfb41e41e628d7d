// Writes java_layouts.txt: the tile layouts the truchet-boardspace digest describes, dealt
// by the JDK's own java.util.Random, to hold the Rust generator against.
// Run: java tests/boardspace/JavaLayouts.java > tests/boardspace/java_layouts.txt
//
// Digest rule: one nextInt(4) per central tile, column by column from the left (tile
// columns a..g), each column from row 1 up; 0 or 1 gives `r`, 2 or 3 gives `l`. A game id
// becomes a key by key = (key * 4 + code(c)) mod 100000000 over its characters.
// Each line: `key <key> <tile field>` or `game-id <id> <key> <tile field>`, where the tile
// field lists tile rows from the top, each left to right, as in position texts.
public class JavaLayouts {
    static String tiles(long key) {
        java.util.Random random = new java.util.Random(key);
        char[][] grid = new char[7][7]; // [row from the bottom][column]
        for (int column = 0; column < 7; column++) {
            for (int row = 0; row < 7; row++) {
                grid[row][column] = random.nextInt(4) < 2 ? 'r' : 'l';
            }
        }
        StringBuilder field = new StringBuilder();
        for (int row = 6; row >= 0; row--) {
            field.append(grid[row]);
            if (row > 0) field.append('/');
        }
        return field.toString();
    }

    static long keyOf(String id) {
        long key = 0;
        for (int i = 0; i < id.length(); i++) {
            key = (key * 4 + id.charAt(i)) % 100000000;
        }
        return key;
    }

    public static void main(String[] args) {
        long[] keys = {0, 1, 2, 7, 42, 486, 12345, 99999999, 123456789012L, -1, -987654321L,
                       Long.MAX_VALUE, Long.MIN_VALUE};
        for (long key : keys) {
            System.out.println("key " + key + " " + tiles(key));
        }
        String[] ids = {"ab", "G-1", "TR-2048", "truchet", "Boardspace-Game-31337",
                        "zz9", "\u00e9t\u00e9"};
        for (String id : ids) {
            long key = keyOf(id);
            System.out.println("game-id " + id + " " + key + " " + tiles(key));
        }
    }
}
