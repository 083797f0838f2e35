import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.runner.Description;
import org.junit.runner.JUnitCore;
import org.junit.runner.Request;
import org.junit.runner.Result;
import org.junit.runner.manipulation.Filter;
import org.junit.runner.notification.Failure;
import org.junit.runner.notification.RunListener;

/**
 * Runs the framework suite's JUnit 4 classes (every *Test class with a @Test under the folders)
 * in this JVM, printing each test as it ends with its time, every failure whole, each class's
 * time, and Surefire's summary line ("Tests run: N, Failures: F, Errors: 0, Skipped: S"), which
 * scripts/test-all.sh adds up. Exits 1 when a test failed.
 *
 * Usage: java -cp CLASSPATH SuiteRunner.java TEST_CLASSES_DIR[:DIR...] [PATTERN,...]
 * A pattern is a class's simple name, or Class#method (either may end with *).
 */
public final class SuiteRunner {
    public static void main(String[] args) throws Exception {
        List<String> patterns = args.length > 1 && !args[1].isEmpty() ? List.of(args[1].split(",")) : List.of();
        List<Class<?>> classes = new ArrayList<>();
        for (String dir : args[0].split(File.pathSeparator)) {
            File root = new File(dir);
            collect(root, root, classes);
        }
        classes.removeIf(c -> !patterns.isEmpty() && patterns.stream().noneMatch(p -> classMatches(p, c)));
        if (classes.isEmpty()) {
            System.err.println("error: no test class matches " + patterns);
            System.exit(1);
        }
        Map<String, long[]> classTimes = new TreeMap<>();
        JUnitCore core = new JUnitCore();
        core.addListener(new RunListener() {
            private long started;
            private boolean failed;

            @Override
            public void testStarted(Description d) {
                started = System.nanoTime();
                failed = false;
            }

            @Override
            public void testFailure(Failure f) {
                failed = true;
                System.out.println("FAIL " + f.getDescription().getDisplayName());
                System.out.println(f.getTrace());
            }

            @Override
            public void testFinished(Description d) {
                long ms = (System.nanoTime() - started) / 1_000_000;
                classTimes.computeIfAbsent(d.getClassName(), k -> new long[2])[0] += ms;
                classTimes.get(d.getClassName())[1]++;
                System.out.printf(Locale.ROOT, "%s %s.%s (%.1f s)%n", failed ? "  failed" : "  ok    ",
                    simple(d.getClassName()), d.getMethodName(), ms / 1000.0);
            }

            @Override
            public void testIgnored(Description d) {
                System.out.println("  skipped " + simple(d.getClassName()) + "." + d.getMethodName());
            }
        });
        Request request = Request.classes(classes.toArray(new Class<?>[0]));
        List<String> methodPatterns = patterns.stream().filter(p -> p.contains("#")).toList();
        if (!methodPatterns.isEmpty()) {
            request = request.filterWith(new Filter() {
                @Override
                public boolean shouldRun(Description d) {
                    if (d.getMethodName() == null) return true;
                    return methodPatterns.stream().anyMatch(p -> {
                        String[] parts = p.split("#", 2);
                        return glob(parts[0], simple(d.getClassName())) && glob(parts[1], d.getMethodName());
                    }) || patterns.stream().anyMatch(p -> !p.contains("#") && glob(p, simple(d.getClassName())));
                }

                @Override
                public String describe() {
                    return String.join(",", patterns);
                }
            });
        }
        Result result = core.run(request);
        System.out.println();
        System.out.println("Time per class:");
        classTimes.forEach((name, t) -> System.out.printf(Locale.ROOT, "%7.1f s  %-40s %d tests%n", t[0] / 1000.0, simple(name), t[1]));
        System.out.printf(Locale.ROOT, "Tests run: %d, Failures: %d, Errors: 0, Skipped: %d, Time elapsed: %.1f s%n",
            result.getRunCount(), result.getFailureCount(), result.getIgnoreCount(), result.getRunTime() / 1000.0);
        for (Failure f : result.getFailures()) System.out.println("FAILED: " + f.getDescription().getDisplayName());
        // Non-daemon threads left by a test (a server socket, a search) must not keep the JVM alive.
        System.exit(result.wasSuccessful() ? 0 : 1);
    }

    private static void collect(File root, File dir, List<Class<?>> out) throws ClassNotFoundException {
        File[] files = dir.listFiles();
        if (files == null) return;
        java.util.Arrays.sort(files);
        for (File f : files) {
            if (f.isDirectory()) {
                collect(root, f, out);
            } else if (f.getName().endsWith("Test.class") && !f.getName().contains("$")) {
                String path = root.toPath().relativize(f.toPath()).toString();
                String name = path.substring(0, path.length() - ".class".length()).replace(File.separatorChar, '.');
                Class<?> c = Class.forName(name, false, SuiteRunner.class.getClassLoader());
                boolean hasTests = java.util.Arrays.stream(c.getMethods())
                    .anyMatch(m -> m.isAnnotationPresent(org.junit.Test.class));
                if (hasTests && !java.lang.reflect.Modifier.isAbstract(c.getModifiers())) out.add(c);
            }
        }
    }

    private static boolean classMatches(String pattern, Class<?> c) {
        return glob(pattern.split("#", 2)[0], c.getSimpleName());
    }

    private static boolean glob(String pattern, String name) {
        return pattern.endsWith("*") ? name.startsWith(pattern.substring(0, pattern.length() - 1)) : name.equals(pattern);
    }

    private static String simple(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
